/**
 * The Prometheus text format read by an independent parser: the official Python client's
 * (Debian's python3-prometheus-client, which scripts/setup-system.sh installs). The npm parsers
 * found either flatten labelled histograms or are ports of this one.
 */
import { execFileSync } from 'node:child_process';

export interface ParsedSample {
  /** The sample's own name: `x_total`, `x_bucket`, `x_sum`… */
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface ParsedFamily {
  /** The family's name (a counter's without `_total`, as the parser gives it). */
  name: string;
  type: string;
  help: string;
  samples: ParsedSample[];
}

const SCRIPT = `
import json, sys
from prometheus_client.parser import text_string_to_metric_families
families = [
    {"name": f.name, "type": f.type, "help": f.documentation,
     "samples": [{"name": s.name, "labels": s.labels, "value": repr(float(s.value))}
                 for s in f.samples]}
    for f in text_string_to_metric_families(sys.stdin.read())
]
json.dump(families, sys.stdout)
`;

/** Throws the parser's own error when the text is not valid exposition format. */
export function parsePrometheusText(text: string): ParsedFamily[] {
  const output = execFileSync('/usr/bin/python3', ['-c', SCRIPT], {
    input: text,
    encoding: 'utf8',
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const parsed = JSON.parse(output) as (Omit<ParsedFamily, 'samples'> & {
    samples: (Omit<ParsedSample, 'value'> & { value: string })[];
  })[];
  return parsed.map((family) => ({
    ...family,
    samples: family.samples.map((sample) => ({
      ...sample,
      value:
        sample.value === 'inf'
          ? Number.POSITIVE_INFINITY
          : sample.value === '-inf'
            ? Number.NEGATIVE_INFINITY
            : Number(sample.value),
    })),
  }));
}
