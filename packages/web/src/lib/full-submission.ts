/**
 * The submission keys this page has started a full submission for. A partial save is never
 * posted for one of them (decision record 0015): the lead would only repeat, or arrive after,
 * the complete application.
 */
const started = new Set<string>();

export function markFullSubmissionStarted(submissionKey: string): void {
  started.add(submissionKey);
}

export function fullSubmissionStarted(submissionKey: string): boolean {
  return started.has(submissionKey);
}
