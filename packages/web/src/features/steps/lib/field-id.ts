/** The id of a field's input: its dotted state path with '.' → '-' ('form-addresses-0-postcode'). */
export function fieldId(path: string): string {
  return path.replaceAll('.', '-');
}

export function errorId(path: string): string {
  return `${fieldId(path)}-error`;
}

export function hintId(path: string): string {
  return `${fieldId(path)}-hint`;
}
