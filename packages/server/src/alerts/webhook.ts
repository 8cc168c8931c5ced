export interface AlertMessage {
  program: string;
  company: string;
  alertType: string;
  channel: string;
  subject: string;
  name: string;
  message: string;
}

export const DEFAULT_WEBHOOK_TIMEOUT_MS = 5000;

/** SPEC §7's alert fields, plus `text`, which is what a Slack incoming webhook displays. */
export function webhookBody(alert: AlertMessage): string {
  const text = `[${alert.program}] ${alert.alertType}: ${alert.subject}\n${alert.name}\n${alert.message}`;
  return JSON.stringify({ ...alert, text });
}

export type WebhookResult = { ok: true } | { ok: false; error: string };

/**
 * POSTs one alert. Any 2xx is delivery. The error text never contains the URL: a chat webhook
 * URL is itself the credential.
 */
export async function postAlert(
  webhookUrl: string,
  alert: AlertMessage,
  timeoutMs = DEFAULT_WEBHOOK_TIMEOUT_MS,
): Promise<WebhookResult> {
  try {
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: webhookBody(alert),
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.arrayBuffer();
    return response.ok ? { ok: true } : { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      return { ok: false, error: `no answer within ${timeoutMs} ms` };
    }
    return { ok: false, error: 'request failed' };
  }
}
