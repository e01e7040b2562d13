/**
 * The module graph of the npm package (see `scripts/build_npm.ts`): the static imports,
 * re-exports, dynamic imports and import types from the entry points, each module
 * checked for `Deno`, Deno edges and specifiers npm cannot resolve.
 *
 * @module
 */

import ts from "typescript";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";

/**
 * Deno-only entry points ("edges"): they use `Deno.*` by design and are never part of
 * the npm package; a shipped module that imports one is refused.
 */
export const DENO_EDGES: readonly string[] = ["cli.ts", "serve.ts"];

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
 * import { scanGraph } from "../build_npm.ts";
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
