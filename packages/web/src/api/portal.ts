import { requestJson } from './http';

/** docs/decisions/0024-portal-codes.md: the code e-mailed to the address proves it. */
export type ConfirmResult = 'confirmed' | 'refused' | 'failed';

export async function confirmEmail(email: string, code: string): Promise<ConfirmResult> {
  try {
    const response = await requestJson('POST', '/api/portal/verify-email', { email, code });
    if (response.ok) return 'confirmed';
    return response.status === 400 ? 'refused' : 'failed';
  } catch {
    return 'failed';
  }
}

/** Asks for a new code; the server answers the same whether or not the address has an account. */
export async function requestNewCode(email: string): Promise<boolean> {
  try {
    return (await requestJson('POST', '/api/portal/verification-email', { email })).ok;
  } catch {
    return false;
  }
}
