// vnu-jar ships no types. Its documented JavaScript API (a CommonJS module): `vnu.check(args)`
// runs the checker with Java and resolves with its output, or rejects when the checker exits with
// an error status.
declare module 'vnu-jar' {
  const vnuJar: { vnu: { check(args?: string[]): Promise<string> } };
  export default vnuJar;
}
