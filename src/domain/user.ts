/** The user as every API returns it (SPEC.md §3): discriminated by `type`, never with secrets. */
export const USER_TYPES = ['admin', 'installer', 'customer'] as const;
export type UserType = (typeof USER_TYPES)[number];

interface UserBase {
  id: number;
  email: string;
  fullName: string | null;
}
export type User =
  | (UserBase & { type: 'admin' })
  | (UserBase & { type: 'installer'; organizationId: number })
  | (UserBase & { type: 'customer'; locationIds: number[] });

export const userTypeLabels: Record<UserType, string> = {
  admin: 'Beheerder',
  installer: 'Installateur',
  customer: 'Klant',
};
