/**
 * Builds the npm package `trimlog` into `npm/` (`deno task build:npm`).
 *
 * It follows the module graph of the package's entry points (the exports `.` =
 * `mod.ts` and `./health` = `health/mod.ts`, and the bins' modules
 * `adapters/node/cli.ts` and `adapters/node/health.ts`) and transpiles each module
 * with the TypeScript compiler API: `transpileModule` with
 * `rewriteRelativeImportExtensions` into `npm/esm/**.js`, `transpileDeclaration` with
 * `isolatedDeclarations` into `npm/esm/**.d.ts` (relative `.ts` specifiers rewritten
 * to `.js`). It writes `npm/package.json` (exports with types, bins, `engines.node`,
 * the `dependencies` the graph imports, versions from the deno.json import map),
 * `npm/bin/*.js` (Node 20 has no `import.meta.main`, so each bin is a small wrapper
 * that imports its module and sets `process.exitCode`), README.md and LICENSE.
 *
 * The build refuses, naming `file:line`, a shipped module that uses `Deno` (comments
 * and strings do not count), imports a Deno edge ({@linkcode DENO_EDGES}), or uses an
 * inline `npm:`/`jsr:` specifier or a bare one the import map does not map to npm.
 *
 * Usage:
 *   deno run -A scripts/build_npm.ts [--out DIR]   # default DIR: npm
 *
 * @module
 */

import ts from "typescript";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The package's exports: subpath to source module. */
export const NPM_EXPORTS: Readonly<Record<string, string>> = {
  ".": "mod.ts",
  "./health": "health/mod.ts",
};

/** The package's bins: command to the source module exporting `runNode(argv)`. */
export const NPM_BINS: Readonly<Record<string, string>> = {
  trimlog: "adapters/node/cli.ts",
  porthealth: "adapters/node/health.ts",
};

/**
 * Deno-only entry points ("edges"): they use `Deno.*` by design and are never part of
 * the npm package; a shipped module that imports one is refused.
 */
export const DENO_EDGES: readonly string[] = ["cli.ts", "serve.ts"];

/** The lowest Node.js version the package supports. */
export const NODE_ENGINES = ">=20";

/** A build refused: every problem, one `file:line: message` per line. */
export class BuildError extends Error {
  /** The problems, each `file:line: message`. */
  readonly problems: readonly string[];
  /** Builds the error from its problems. */
  constructor(problems: readonly string[]) {
    super(problems.join("\n"));
    this.name = "BuildError";
    this.problems = problems;
  }
}

/** The module graph of the package. */
export interface NpmGraph {
  /** Every module reached, relative to the root with `/` separators, sorted. */
  modules: string[];
  /** npm dependencies the modules import: package name to version range, sorted. */
  dependencies: Record<string, string>;
}

/** Options of {@linkcode scanGraph}. */
export interface ScanOptions {
  /** The deno.json import map (`imports`). */
  imports: Readonly<Record<string, string>>;
  /** Deno-only modules the graph must not reach; default {@linkcode DENO_EDGES}. */
  edges?: readonly string[];
}

/**
 * Follows the static imports, re-exports, dynamic `import("…")` and `import("…")`
 * types of `entries` (paths relative to `root`) and checks every module reached.
 * Throws a {@linkcode BuildError} listing every problem.
 *
 * @example A module using Deno APIs is refused with its file and line
 * ```ts ignore
 * import { scanGraph } from "./build_npm.ts";
 * await scanGraph("/repo", ["mod.ts"], { imports: {} });
 * // BuildError: trim/x.ts:12: uses Deno.stat; Deno-only code belongs in a Deno edge (cli.ts, serve.ts)
 * ```
 */
export async function scanGraph(
  root: string,
  entries: readonly string[],
  options: ScanOptions,
): Promise<NpmGraph> {
  const edges = new Set(options.edges ?? DENO_EDGES);
  const problems: string[] = [];
  const dependencies: Record<string, string> = {};
  const seen = new Set<string>();
  const queue: string[] = [];
  const enqueue = (rel: string) => {
    if (!seen.has(rel)) {
      seen.add(rel);
      queue.push(rel);
    }
  };
  for (const entry of entries) {
    if (edges.has(entry)) problems.push(`${entry}:1: is a Deno edge, not a portable module`);
    else enqueue(entry);
  }
  while (queue.length) {
    const rel = queue.shift()!;
    let text: string;
    try {
      text = await Deno.readTextFile(join(root, rel));
    } catch (e) {
      problems.push(`${rel}:1: cannot read: ${e instanceof Error ? e.message : e}`);
      continue;
    }
    const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const at = (node: ts.Node) =>
      `${rel}:${sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1}`;
    const onSpecifier = (node: ts.Node, spec: string) => {
      const problem = _checkSpecifier(spec, rel, root, edges, options.imports, dependencies);
      if (typeof problem === "string") problems.push(`${at(node)}: ${problem}`);
      else if (problem) enqueue(problem.module);
    };
    for (const ref of sf.libReferenceDirectives) {
      if (ref.fileName.toLowerCase().startsWith("deno")) {
        const line = sf.getLineAndCharacterOfPosition(ref.pos).line + 1;
        problems.push(`${rel}:${line}: references the Deno library "${ref.fileName}"`);
      }
    }
    const visit = (node: ts.Node): void => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
      ) {
        onSpecifier(node.moduleSpecifier, node.moduleSpecifier.text);
      } else if (
        ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference) &&
        ts.isStringLiteral(node.moduleReference.expression)
      ) {
        onSpecifier(node, node.moduleReference.expression.text);
      } else if (
        ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword
      ) {
        const arg = node.arguments[0];
        if (arg && ts.isStringLiteralLike(arg)) onSpecifier(arg, arg.text);
        else {problems.push(
            `${at(node)}: dynamic import() of a computed specifier cannot be followed`,
          );}
      } else if (
        ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) &&
        ts.isStringLiteral(node.argument.literal)
      ) {
        onSpecifier(node.argument, node.argument.literal.text);
      } else if (ts.isIdentifier(node) && node.text === "Deno" && _isDenoReference(node)) {
        const parent = node.parent;
        const name = ts.isPropertyAccessExpression(parent) || ts.isQualifiedName(parent)
          ? parent.getText(sf)
          : "Deno";
        problems.push(
          `${at(node)}: uses ${name}; Deno-only code belongs in a Deno edge (${
            [...edges].join(", ")
          }), not in a module the npm package ships`,
        );
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  if (problems.length) throw new BuildError(problems);
  return { modules: [...seen].sort(), dependencies: _sorted(dependencies) };
}

/** Whether an identifier `Deno` refers to the Deno global (not a property or key named Deno). */
function _isDenoReference(node: ts.Identifier): boolean {
  const p = node.parent;
  if (ts.isPropertyAccessExpression(p) && p.name === node) {
    // globalThis.Deno, self.Deno, window.Deno
    return ts.isIdentifier(p.expression) &&
      ["globalThis", "self", "window"].includes(p.expression.text);
  }
  if (ts.isQualifiedName(p) && p.right === node) return false;
  if (
    (ts.isPropertyAssignment(p) || ts.isPropertySignature(p) || ts.isPropertyDeclaration(p) ||
      ts.isMethodDeclaration(p) || ts.isMethodSignature(p) || ts.isEnumMember(p) ||
      ts.isGetAccessor(p) || ts.isSetAccessor(p)) && p.name === node
  ) return false;
  if ((ts.isImportSpecifier(p) || ts.isExportSpecifier(p)) && p.propertyName === node) return false;
  return true;
}

/**
 * Checks one import specifier of `from`: a problem message, a relative module to
 * follow, or undefined (a Node built-in or a mapped npm package, recorded).
 */
function _checkSpecifier(
  spec: string,
  from: string,
  root: string,
  edges: ReadonlySet<string>,
  imports: Readonly<Record<string, string>>,
  dependencies: Record<string, string>,
): string | { module: string } | undefined {
  if (/^(npm|jsr):/.test(spec)) {
    return `inline "${spec}" specifier; import a bare name mapped in deno.json "imports"`;
  }
  if (spec.startsWith("./") || spec.startsWith("../")) {
    const abs = resolve(root, dirname(from), spec);
    const rel = relative(root, abs).split("\\").join("/");
    if (rel.startsWith("../") || isAbsolute(rel)) return `"${spec}" is outside the package`;
    if (!rel.endsWith(".ts") || rel.endsWith(".d.ts")) {
      return `"${spec}": relative imports must name a .ts module`;
    }
    if (edges.has(rel)) return `imports the Deno edge ${rel}, which the npm package does not ship`;
    try {
      Deno.statSync(abs);
    } catch {
      return `"${spec}" does not exist`;
    }
    return { module: rel };
  }
  if (spec.startsWith("node:")) return undefined;
  if (/^[a-z][a-z0-9+.-]*:/i.test(spec)) return `"${spec}": only node: and mapped npm imports`;
  // A bare specifier: "name", "name/sub", "@scope/name", "@scope/name/sub".
  const parts = spec.split("/");
  const pkg = spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  const target = imports[pkg] ?? imports[spec];
  if (target === undefined) return `"${spec}" is not in the deno.json import map`;
  const m = /^npm:(@?[^@/]+(?:\/[^@/]+)?)@([^/]+)(\/.*)?$/.exec(target);
  if (!m) return `"${spec}" maps to "${target}", which is not an npm package with a version`;
  if (m[1] !== pkg) {
    return `"${pkg}" maps to the npm package "${m[1]}"; the import name must be the package name`;
  }
  dependencies[pkg] = m[2];
  return undefined;
}

function _sorted<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
}

const _COMPILER_OPTIONS: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  useDefineForClassFields: true,
  rewriteRelativeImportExtensions: true,
  newLine: ts.NewLineKind.LineFeed,
};

/** Transpiles one module: its JavaScript and its declarations (`.ts` specifiers → `.js`). */
function _transpile(
  rel: string,
  text: string,
  problems: string[],
  warnings: string[],
): { js: string; dts: string } {
  const js = ts.transpileModule(text, {
    fileName: rel,
    reportDiagnostics: true,
    compilerOptions: _COMPILER_OPTIONS,
  });
  for (const d of js.diagnostics ?? []) problems.push(_where(rel, d));
  const declare = (source: string) =>
    ts.transpileDeclaration(source, {
      fileName: rel,
      reportDiagnostics: true,
      compilerOptions: { ..._COMPILER_OPTIONS, declaration: true, isolatedDeclarations: true },
    });
  let dts = declare(text);
  // An exported constant without an annotation whose type is evident from its syntax
  // (`64 * 1024`, a regular expression, a template) is declared with that type, and
  // the build says so; any other isolatedDeclarations error refuses the module.
  const edits = _evidentAnnotations(rel, text, dts.diagnostics ?? [], warnings);
  if (edits.length) {
    let patched = text;
    for (const [at, annotation] of edits.sort((a, b) => b[0] - a[0])) {
      patched = patched.slice(0, at) + annotation + patched.slice(at);
    }
    dts = declare(patched);
  }
  for (const d of dts.diagnostics ?? []) problems.push(_where(rel, d));
  return { js: js.outputText, dts: _rewriteSpecifiers(rel, dts.outputText) };
}

function _where(rel: string, d: ts.Diagnostic): string {
  const line = d.file && d.start !== undefined
    ? d.file.getLineAndCharacterOfPosition(d.start).line + 1
    : 1;
  return `${rel}:${line}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
}

/** TS9010 "Variable must have an explicit type annotation with --isolatedDeclarations." */
const _TS_NEEDS_ANNOTATION = 9010;

/** Annotations (`[offset, ": number"]`) for unannotated constants of evident type. */
function _evidentAnnotations(
  rel: string,
  text: string,
  diagnostics: readonly ts.Diagnostic[],
  warnings: string[],
): Array<[number, string]> {
  const wanted = diagnostics.filter((d) => d.code === _TS_NEEDS_ANNOTATION);
  if (!wanted.length) return [];
  const sf = ts.createSourceFile(rel, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const byStart = new Map<number, ts.VariableDeclaration>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) {
      byStart.set(node.name.getStart(sf), node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  const edits: Array<[number, string]> = [];
  for (const d of wanted) {
    const decl = d.start === undefined ? undefined : byStart.get(d.start);
    const type = decl?.initializer && !decl.type ? _evidentType(decl.initializer) : undefined;
    if (!decl || !type) continue;
    edits.push([decl.name.getEnd(), `: ${type}`]);
    const line = sf.getLineAndCharacterOfPosition(decl.name.getStart(sf)).line + 1;
    warnings.push(
      `${rel}:${line}: ${decl.name.getText(sf)} has no type annotation; declared as ${type}`,
    );
  }
  return edits;
}

/** The type of an expression made only of literals, when its syntax fixes it. */
function _evidentType(e: ts.Expression): "number" | "string" | "RegExp" | undefined {
  if (ts.isParenthesizedExpression(e)) return _evidentType(e.expression);
  if (ts.isRegularExpressionLiteral(e)) return "RegExp";
  if (ts.isNumericLiteral(e)) return "number";
  if (
    ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)
  ) {
    return "string";
  }
  if (ts.isPrefixUnaryExpression(e)) {
    const numeric = [ts.SyntaxKind.MinusToken, ts.SyntaxKind.PlusToken, ts.SyntaxKind.TildeToken];
    return numeric.includes(e.operator) && _evidentType(e.operand) === "number"
      ? "number"
      : undefined;
  }
  if (ts.isBinaryExpression(e)) {
    const left = _evidentType(e.left);
    const right = _evidentType(e.right);
    if (!left || !right || left === "RegExp" || right === "RegExp") return undefined;
    if (e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      return left === "string" || right === "string" ? "string" : "number";
    }
    const arithmetic = [
      ts.SyntaxKind.AsteriskToken,
      ts.SyntaxKind.SlashToken,
      ts.SyntaxKind.PercentToken,
      ts.SyntaxKind.MinusToken,
      ts.SyntaxKind.AsteriskAsteriskToken,
      ts.SyntaxKind.LessThanLessThanToken,
      ts.SyntaxKind.GreaterThanGreaterThanToken,
      ts.SyntaxKind.GreaterThanGreaterThanGreaterThanToken,
      ts.SyntaxKind.AmpersandToken,
      ts.SyntaxKind.BarToken,
      ts.SyntaxKind.CaretToken,
    ];
    return left === "number" && right === "number" && arithmetic.includes(e.operatorToken.kind)
      ? "number"
      : undefined;
  }
  return undefined;
}

/** Rewrites relative `.ts` specifiers in a declaration file to `.js`. */
function _rewriteSpecifiers(rel: string, dts: string): string {
  const sf = ts.createSourceFile(rel.replace(/\.ts$/, ".d.ts"), dts, ts.ScriptTarget.ES2022, true);
  const edits: Array<[number, number, string]> = [];
  const fix = (lit: ts.StringLiteralLike) => {
    const s = lit.text;
    if ((s.startsWith("./") || s.startsWith("../")) && s.endsWith(".ts") && !s.endsWith(".d.ts")) {
      edits.push([lit.getStart(sf), lit.getEnd(), JSON.stringify(s.slice(0, -3) + ".js")]);
    }
  };
  _forEachSpecifier(sf, fix);
  let out = dts;
  for (const [start, end, text] of edits.sort((a, b) => b[0] - a[0])) {
    out = out.slice(0, start) + text + out.slice(end);
  }
  return out;
}

/** Checks that every relative specifier of the emitted files names an emitted file. */
function _checkEmitted(files: ReadonlyMap<string, string>, problems: string[]): void {
  for (const [path, text] of files) {
    if (!path.endsWith(".js") && !path.endsWith(".d.ts")) continue;
    const sf = ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true);
    const check = (lit: ts.StringLiteralLike) => {
      const s = lit.text;
      if (!s.startsWith("./") && !s.startsWith("../")) return;
      let target = join(dirname(path), s).split("\\").join("/");
      if (path.endsWith(".d.ts")) target = target.replace(/\.js$/, ".d.ts");
      if (!files.has(target)) {
        const line = sf.getLineAndCharacterOfPosition(lit.getStart(sf)).line + 1;
        problems.push(`npm/${path}:${line}: "${s}" does not name a file of the package`);
      }
    };
    _forEachSpecifier(sf, check);
  }
}

/** Calls `fn` with every literal module specifier of an emitted file: `import`/`export … from`,
 * `import("…")` and `import("…")` types. */
function _forEachSpecifier(sf: ts.SourceFile, fn: (lit: ts.StringLiteralLike) => void): void {
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
    ) fn(node.moduleSpecifier);
    else if (
      ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])
    ) fn(node.arguments[0]);
    else if (
      ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) fn(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

function _binWrapper(command: string, module: string): string {
  const js = module.replace(/\.ts$/, ".js");
  return `#!/usr/bin/env node
// The \`${command}\` command of the npm package (generated by scripts/build_npm.ts from
// ${module}). Node 20 has no import.meta.main, so this wrapper runs the module's runNode.
import process from "node:process";
import { runNode } from "../esm/${js}";

process.exitCode = await runNode(process.argv.slice(2));
`;
}

/** Options of {@linkcode buildNpm}. */
export interface BuildOptions {
  /** The repository root (with deno.json); default: the parent of `scripts/`. */
  root?: string;
  /** The output directory, emptied first; default `<root>/npm`. */
  outDir?: string;
}

/** What {@linkcode buildNpm} wrote. */
export interface BuildSummary {
  /** The output directory. */
  outDir: string;
  /** The source modules transpiled. */
  modules: string[];
  /** The package's `dependencies`. */
  dependencies: Record<string, string>;
  /** Every file written, relative to `outDir`, sorted. */
  files: string[];
  /**
   * `file:line: message` for each exported constant without a type annotation that
   * the build declared from its evident type (annotate it to silence the warning).
   */
  warnings: string[];
}

/**
 * Builds the npm package: checks and transpiles the module graph, then writes
 * `esm/`, `bin/`, `package.json`, README.md and LICENSE into an emptied `outDir`.
 * Throws a {@linkcode BuildError} (nothing written) when a module is refused.
 *
 * @example
 * ```ts ignore
 * import { buildNpm } from "./build_npm.ts";
 * const { files } = await buildNpm({ outDir: "/tmp/trimlog-npm" });
 * console.log(files.includes("esm/mod.d.ts")); // true
 * ```
 */
export async function buildNpm(options: BuildOptions = {}): Promise<BuildSummary> {
  const root = resolve(options.root ?? fileURLToPath(new URL("..", import.meta.url)));
  const outDir = resolve(options.outDir ?? join(root, "npm"));
  const deno = JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
  const entries = [...Object.values(NPM_EXPORTS), ...Object.values(NPM_BINS)];
  const graph = await scanGraph(root, entries, { imports: deno.imports ?? {} });

  const files = new Map<string, string>();
  const problems: string[] = [];
  const warnings: string[] = [];
  for (const rel of graph.modules) {
    const text = await Deno.readTextFile(join(root, rel));
    const { js, dts } = _transpile(rel, text, problems, warnings);
    files.set(`esm/${rel.replace(/\.ts$/, ".js")}`, js);
    files.set(`esm/${rel.replace(/\.ts$/, ".d.ts")}`, dts);
  }
  for (const [command, module] of Object.entries(NPM_BINS)) {
    files.set(`bin/${command}.js`, _binWrapper(command, module));
  }
  _checkEmitted(files, problems);
  if (problems.length) throw new BuildError(problems);

  const esm = (module: string, ext: string) => `./esm/${module.replace(/\.ts$/, ext)}`;
  const pkg = {
    name: "trimlog",
    version: deno.version,
    description:
      "Log reduction for people and LLMs: masks secrets, drops noise, folds repeats, keeps every error. With porthealth, a TCP port health-check HTTP service.",
    license: deno.license ?? "MIT",
    keywords: ["log", "logs", "llm", "ci", "redaction", "health-check"],
    type: "module",
    main: esm(NPM_EXPORTS["."], ".js"),
    types: esm(NPM_EXPORTS["."], ".d.ts"),
    exports: Object.fromEntries([
      ...Object.entries(NPM_EXPORTS).map(([path, module]) => [path, {
        types: esm(module, ".d.ts"),
        default: esm(module, ".js"),
      }]),
      ["./package.json", "./package.json"],
    ]),
    bin: Object.fromEntries(Object.keys(NPM_BINS).map((c) => [c, `./bin/${c}.js`])),
    files: ["esm/", "bin/"],
    engines: { node: NODE_ENGINES },
    dependencies: graph.dependencies,
  };
  files.set("package.json", JSON.stringify(pkg, null, 2) + "\n");
  files.set("README.md", await Deno.readTextFile(join(root, "README.md")));
  files.set("LICENSE", await Deno.readTextFile(join(root, "LICENSE")));

  await _emptyDir(outDir, root);
  const sorted = [...files.keys()].sort();
  for (const path of sorted) {
    const target = join(outDir, path);
    await Deno.mkdir(dirname(target), { recursive: true });
    await Deno.writeTextFile(target, files.get(path)!, {
      mode: path.startsWith("bin/") ? 0o755 : 0o644,
    });
    if (path.startsWith("bin/")) await Deno.chmod(target, 0o755); // mode ignores umask only on create
  }
  return {
    outDir,
    modules: graph.modules,
    dependencies: graph.dependencies,
    files: sorted,
    warnings,
  };
}

/** Empties `dir`, refusing one that holds something other than an earlier build. */
async function _emptyDir(dir: string, root: string): Promise<void> {
  let names: string[];
  try {
    names = [];
    for await (const e of Deno.readDir(dir)) names.push(e.name);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return;
    throw e;
  }
  if (names.length && dir !== join(root, "npm")) {
    let ours = false;
    try {
      ours = JSON.parse(await Deno.readTextFile(join(dir, "package.json"))).name === "trimlog";
    } catch {
      ours = false;
    }
    if (!ours) {
      throw new BuildError([`${dir}: not empty and not an earlier build; not cleaning it`]);
    }
  }
  await Deno.remove(dir, { recursive: true });
}

if (import.meta.main) {
  const args = Deno.args;
  let outDir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--out" && i + 1 < args.length) outDir = args[++i];
    else if (args[i].startsWith("--out=")) outDir = args[i].slice(6);
    else {
      console.error(`build_npm: unknown argument ${args[i]} (usage: build_npm.ts [--out DIR])`);
      Deno.exit(2);
    }
  }
  const started = performance.now();
  try {
    const r = await buildNpm({ outDir });
    for (const w of r.warnings) console.error(`build_npm: warning: ${w}`);
    const ms = Math.round(performance.now() - started);
    const deps = Object.entries(r.dependencies).map(([n, v]) => `${n}@${v}`).join(", ");
    console.log(
      `build_npm: ${r.modules.length} modules → ${
        relative(Deno.cwd(), r.outDir) || "."
      } (${r.files.length} files; dependencies: ${deps || "none"}) in ${ms} ms`,
    );
  } catch (e) {
    if (!(e instanceof BuildError)) throw e;
    console.error(`build_npm: refused:\n${e.problems.map((p) => `  ${p}`).join("\n")}`);
    Deno.exit(1);
  }
}
