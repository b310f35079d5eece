/** GET /api/users/lookup?username= — find a person to write to (the "New message" form). */
export const USERNAME_LOOKUP_MAX = 64;

export interface UserLookupResponse {
  id: string;
  username: string;
  displayName: string;
}
