/**
 * docs/product.md §3 account status codes of the customer portal. A module of its own, without zod, so the
 * browser's outcome code does not pull the schemas into its bundle.
 */
export const ACCOUNT_STATUS = {
  New: 1,
  PendingVerification: 2,
  Suspended: 3,
  Archived: 4,
  Active: 5,
} as const;
export type AccountStatus = (typeof ACCOUNT_STATUS)[keyof typeof ACCOUNT_STATUS];
