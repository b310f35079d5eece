/** /settings/notifications: which events reach you in Quire and by e-mail. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  CHANNEL_LABELS,
  isLocked,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_EVENTS,
  type NotificationChannel,
  type NotificationEvent,
  type NotificationPrefs,
} from '../../../sync/api/notifications';
import { saveNotificationPrefs } from '../../../sync/api/account';
import { call, errorMessage } from '../../lib/api';
import { Button, Card, FormError, QueryState, useToast } from '../../ui';
import { settingsKey, useNotificationPrefs } from './settings-api';
import { SettingsPage } from './settings-nav';

/** The events × channels grid of choices (also shown on /settings-demo with sample choices). */
export function PrefsTable({ prefs, onToggle }: { prefs: NotificationPrefs; onToggle: (event: NotificationEvent, channel: NotificationChannel) => void }) {
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Notification choices per event and channel">
      <table className="table prefs-table">
        <caption className="visually-hidden">Notification choices per event and channel</caption>
        <thead>
          <tr>
            <th scope="col">Event</th>
            {NOTIFICATION_CHANNELS.map((c) => (
              <th key={c} scope="col" className="prefs-cell">
                {CHANNEL_LABELS[c]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_EVENTS.map((event) => (
            <tr key={event.id}>
              <th scope="row">
                {event.label}
                <span className="prefs-description">{event.description}</span>
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => {
                const locked = isLocked(event.id, channel);
                return (
                  <td key={channel} className="prefs-cell">
                    <input
                      type="checkbox"
                      checked={locked || prefs[event.id][channel]}
                      disabled={locked}
                      onChange={() => onToggle(event.id, channel)}
                      aria-label={`${event.label}: ${CHANNEL_LABELS[channel]}${locked ? ' (always on)' : ''}`}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PrefsForm({ initial }: { initial: NotificationPrefs }) {
  const [prefs, setPrefs] = useState(initial);
  const qc = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (value: NotificationPrefs) => call(saveNotificationPrefs, { body: { prefs: value } }),
    onSuccess: (data) => {
      qc.setQueryData(settingsKey('notification-prefs'), data);
      setPrefs(data.prefs);
      toast('Saved', { tone: 'success' });
    },
  });
  const toggle = (event: NotificationEvent, channel: NotificationChannel) =>
    setPrefs((p) => ({ ...p, [event]: { ...p[event], [channel]: !p[event][channel] } }));

  function handleSubmit(e: FormEvent) {
    e.preventDefault();
    save.mutate(prefs);
  }

  return (
    <form onSubmit={handleSubmit} className="stack prefs-form">
      <FormError>{save.error ? errorMessage(save.error) : null}</FormError>
      <PrefsTable prefs={prefs} onToggle={toggle} />
      <div>
        <Button type="submit" loading={save.isPending}>
          Save choices
        </Button>
      </div>
    </form>
  );
}

export function NotificationSettingsPage() {
  const query = useNotificationPrefs();
  return (
    <SettingsPage title="Notifications" description="Choose what Quire tells you about, in the app and by e-mail. Security e-mails always reach you.">
      <Card>
        <QueryState query={query} what="Your notification choices" lines={6}>
          {(data) => <PrefsForm initial={data.prefs} />}
        </QueryState>
      </Card>
    </SettingsPage>
  );
}
