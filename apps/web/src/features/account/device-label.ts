/** What a person recognises a sign-in by: browser and system, read from the user agent. */
export interface DeviceParts {
  browser: string | undefined;
  os: string | undefined;
}

// Order matters: Edge and Opera also say Chrome; Chrome also says Safari; Android also says Linux.
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const first = (table: [RegExp, string][], ua: string) => table.find(([re]) => re.test(ua))?.[1];

export function deviceParts(userAgent: string | null): DeviceParts {
  if (!userAgent) return { browser: undefined, os: undefined };
  return { browser: first(BROWSERS, userAgent), os: first(SYSTEMS, userAgent) };
}
