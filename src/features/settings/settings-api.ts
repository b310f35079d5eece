/**
 * Queries and helpers of the settings pages. Every query key starts with SETTINGS_KEY so one
 * invalidation refreshes them all after a change that touches several (a role approval).
 */
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getDeletionStatus, getNotificationPrefs, getProfile, listMyRoleRequests } from '../../../sync/api/account';
import { listSessions } from '../../../sync/api/auth';
import { call } from '../../lib/api';

const SETTINGS_KEY = ['settings'] as const;
export const settingsKey = (part: string) => [...SETTINGS_KEY, part] as const;

export const useProfile = () => useQuery({ queryKey: settingsKey('profile'), queryFn: () => call(getProfile) });
export const useRoleRequests = () => useQuery({ queryKey: settingsKey('role-requests'), queryFn: () => call(listMyRoleRequests) });
export const useNotificationPrefs = () => useQuery({ queryKey: settingsKey('notification-prefs'), queryFn: () => call(getNotificationPrefs) });
export const useDeletionStatus = () => useQuery({ queryKey: settingsKey('deletion'), queryFn: () => call(getDeletionStatus) });
export const useDevices = () => useQuery({ queryKey: settingsKey('devices'), queryFn: () => call(listSessions) });

/** Check a form with the same schema the server uses; null when it passes. */
export function clientFieldErrors<S extends z.ZodType>(schema: S, value: unknown): Record<string, string> | null {
  const result = schema.safeParse(value);
  if (result.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  return fields;
}
