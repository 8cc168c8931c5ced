import fs from 'node:fs';
import path from 'node:path';

/**
 * Docker's and Kubernetes' secrets are files: a secret setting NAME may instead be given as
 * NAME_FILE, the path of a file whose contents are the value (one trailing line break dropped,
 * as `echo` and editors add one). Setting both is a mistake reported at start, as is a file that
 * cannot be read or is empty. Returns the environment with each such value in place.
 */
export function readSecretFiles(
  env: Readonly<Record<string, string>>,
  names: readonly string[],
  cwd: string,
): { env: Record<string, string>; problems: string[] } {
  const resolved: Record<string, string> = { ...env };
  const problems: string[] = [];
  for (const name of names) {
    const fileVariable = `${name}_FILE`;
    const file = env[fileVariable]?.trim();
    if (file === undefined) continue;
    delete resolved[fileVariable];
    if (env[name] !== undefined) {
      problems.push(`${name}: set either ${name} or ${fileVariable}, not both`);
      continue;
    }
    let value: string;
    try {
      value = fs.readFileSync(path.resolve(cwd, file), 'utf8').replace(/\r?\n$/, '');
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      // The path is the operator's own setting; the contents are never quoted.
      problems.push(
        `${fileVariable}: cannot read ${file} (${typeof code === 'string' ? code : 'error'})`,
      );
      continue;
    }
    if (value.trim() === '') {
      problems.push(`${fileVariable}: ${file} is empty`);
      continue;
    }
    resolved[name] = value;
  }
  return { env: resolved, problems };
}
