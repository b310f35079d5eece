import { z } from 'zod';

export const SignUpMode = z.enum(['open', 'beta', 'closed']);
export type SignUpMode = z.infer<typeof SignUpMode>;

export const SiteSettingsSchema = z.object({
  siteName: z.string().trim().min(1, 'Enter a site name.').max(80),
  signUpMode: SignUpMode,
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code, like USD.'),
  featureFlags: z.record(z.string(), z.boolean()),
});
export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
