import { readFileSync } from 'node:fs';

/**
 * A data file the single-file Allure page holds inside itself (`widgets/variables.json` …): the awesome plugin writes
 * each as a base64 string in a `d("<name>","<base64>")` call of its inline script.
 */
export function pageData<T>(indexHtml: string, name: string): T {
  const page = readFileSync(indexHtml, 'utf8');
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  const found = new RegExp(`d\\("${escaped}","([A-Za-z0-9+/=]*)"\\)`).exec(page);
  if (!found) throw new Error(`${indexHtml} holds no ${name}`);
  return JSON.parse(Buffer.from(found[1] as string, 'base64').toString('utf8')) as T;
}
