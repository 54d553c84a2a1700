// Reads /metrics as Prometheus does: the text format, one sample per line, `name{labels} value`.
import type { FastifyInstance } from 'fastify';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped; label values unescaped). */
export function parseMetrics(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const label of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1]!] = label[2]!.replace(/\\n/g, '\n').replace(/\\(["\\])/g, '$1');
    }
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** Scrapes the app (from 127.0.0.1, which METRICS_ALLOW lets in by default). */
export async function scrapeMetrics(app: FastifyInstance): Promise<Sample[]> {
  const reply = await app.inject({ method: 'GET', url: '/metrics' });
  if (reply.statusCode !== 200) throw new Error(`/metrics answered ${reply.statusCode}`);
  return parseMetrics(reply.body);
}

/** The value of the one sample with this name and these labels (among others); undefined when absent. */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  return samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value))?.value;
}
