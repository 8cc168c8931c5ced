export interface AlertMessage {
  program: string;
  company: string;
  alertType: string;
  channel: string;
  subject: string;
  name: string;
  message: string;
}

/** docs/product.md §7's alert fields, plus `text`, which is what a Slack incoming webhook displays. */
export function webhookBody(alert: AlertMessage): string {
  const text = `[${alert.program}] ${alert.alertType}: ${alert.subject}\n${alert.name}\n${alert.message}`;
  return JSON.stringify({ ...alert, text });
}
