/** Signed-in devices: where the account is signed in, and signing them out one by one or all. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { endSession, signOutOtherSessions, type DeviceSession } from '../../../sync/api/auth';
import { call, errorMessage } from '../../lib/api';
import { Badge, Button, Card, formatDateTime, formatRelative, QueryState, Table, useToast, type Column } from '../../ui';
import { settingsKey, useDevices } from './settings-api';
import { describeUserAgent } from './user-agent';

export function DevicesCard() {
  const devices = useDevices();
  const qc = useQueryClient();
  const toast = useToast();
  const refresh = () => qc.invalidateQueries({ queryKey: settingsKey('devices') });
  const onError = (error: unknown) => toast(errorMessage(error), { tone: 'error' });
  const signOut = useMutation({
    mutationFn: (id: string) => call(endSession, { params: { id } }),
    onSuccess: async () => {
      toast('Signed out that device.', { tone: 'success' });
      await refresh();
    },
    onError,
  });
  const signOutOthers = useMutation({
    mutationFn: () => call(signOutOtherSessions),
    onSuccess: async () => {
      toast('Signed out every other device.', { tone: 'success' });
      await refresh();
    },
    onError,
  });

  const columns: Column<DeviceSession>[] = [
    {
      key: 'device',
      header: 'Device',
      render: (s) => (
        <>
          <span className="device-name">{describeUserAgent(s.userAgent)}</span> {s.current && <Badge tone="success">This device</Badge>}
          <span className="prefs-description">{s.ip || 'Unknown address'}</span>
        </>
      ),
    },
    { key: 'created', header: 'Signed in', render: (s) => formatDateTime(s.createdAt) },
    { key: 'seen', header: 'Last active', render: (s) => (s.current ? 'Now' : formatRelative(s.lastSeenAt)) },
    {
      key: 'action',
      header: <span className="visually-hidden">Actions</span>,
      render: (s) =>
        s.current ? null : (
          <Button
            size="sm"
            variant="secondary"
            loading={signOut.isPending && signOut.variables === s.id}
            onClick={() => signOut.mutate(s.id)}
            aria-label={`Sign out ${describeUserAgent(s.userAgent)}, last active ${formatRelative(s.lastSeenAt)}`}
          >
            Sign out
          </Button>
        ),
    },
  ];

  return (
    <Card title="Signed-in devices">
      <QueryState query={devices} what="The list of your devices">
        {({ sessions }) => (
          <div className="stack">
            <Table caption="Devices signed in to your account" columns={columns} rows={sessions} rowKey={(s) => s.id} empty="No devices." />
            {sessions.some((s) => !s.current) && (
              <div>
                <Button variant="secondary" loading={signOutOthers.isPending} onClick={() => signOutOthers.mutate()}>
                  Sign out all other devices
                </Button>
              </div>
            )}
          </div>
        )}
      </QueryState>
    </Card>
  );
}
