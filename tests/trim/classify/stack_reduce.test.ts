import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { trimTextInline } from "../../../mod.ts";
import { propertyParams } from "../../_helpers/property.ts";
import {
  fewestCollapsedFrames,
  isInternalFrame,
  isStackFrame,
  reduceStackGroup,
  STACK_COLLAPSE,
  STACK_HIDE,
  STACK_KEEP,
  type StackReduction,
} from "../../../trim/classify/stack.ts";
import {
  GO_PANIC,
  JAVA_SPRING,
  NODE_ECONNREFUSED,
  PLAIN,
  PYTHON_CHAINED,
  RUST_BACKTRACE,
  RUST_SHORT,
  TRACES,
} from "../../_helpers/stack_samples.ts";

const MARKER = /^\[\.\.\. \d+ (more application stack frames|internal frames hidden) \.\.\.\]$/;

/** Checks the accounting invariants and returns the reduction. */
function reduce(lines: string[], maxStackFrames = 10, internal?: RegExp): StackReduction {
  const r = reduceStackGroup(lines, { maxStackFrames, internal });
  assert.equal(r.kept + r.hidden + r.collapsed, lines.length, "kept + hidden + collapsed = input");
  assert.equal(r.lines.length, r.kept + r.markers, "output = kept + markers");
  if (r.actions === undefined) {
    assert.equal(r.lines, lines);
    assert.equal(r.hidden + r.collapsed + r.markers, 0);
  } else {
    assert.equal(r.actions.length, lines.length);
    const count = (a: number) => r.actions!.filter((x) => x === a).length;
    assert.equal(count(STACK_KEEP), r.kept);
    assert.equal(count(STACK_HIDE), r.hidden);
    assert.equal(count(STACK_COLLAPSE), r.collapsed);
    const keptInput = lines.filter((_, k) => r.actions![k] === STACK_KEEP);
    assert.deepEqual(r.lines.filter((l) => !MARKER.test(l)), keptInput, "kept lines in order");
  }
  return r;
}

test("java: the exception line survives a framework first frame; 3-deep Caused by kept", () => {
  const r = reduce(JAVA_SPRING);
  assert.deepEqual(r.lines, [
    JAVA_SPRING[0],
    "[... 8 internal frames hidden ...]",
    JAVA_SPRING[9],
    "\tat com.acme.orders.OrderService$$EnhancerBySpringCGLIB$$5a1b2c3d.place(<generated>)",
    "\tat com.acme.orders.OrderController.create(OrderController.java:42)",
    "\t... 48 more",
    "Caused by: org.hibernate.exception.ConstraintViolationException: could not execute statement",
    "\tat com.acme.orders.OrderRepository.save(OrderRepository.java:31)",
    "\t... 61 more",
    JAVA_SPRING[22],
    "  Detail: Key (ref)=(A-1001) already exists.",
    JAVA_SPRING[24],
    JAVA_SPRING[25],
    JAVA_SPRING[26],
    "\t... 72 more",
  ]);
  assert.equal(r.hidden, 14);
  assert.equal(r.collapsed, 0);
  // Every exception and Caused by line is kept.
  for (const l of JAVA_SPRING) {
    if (/^(Caused by:|org\.springframework\.web)/.test(l)) assert.ok(r.lines.includes(l), l);
  }
});

test("java: a group of only a framework exception and framework frames keeps the exception", () => {
  const g = [
    "org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'orderService'",
    "\tat org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.doCreateBean(AbstractAutowireCapableBeanFactory.java:628)",
  ];
  const r = reduce(g);
  assert.deepEqual(r.lines, [g[0], "[... 1 internal frames hidden ...]"]);
  assert.equal(isInternalFrame(g[0]), false);
  assert.equal(isStackFrame(g[0]), false);
});

test("python: library frames where the error was raised stay; plumbing below the app hidden", () => {
  const r = reduce(PYTHON_CHAINED);
  // The first traceback has no application frame: its library frames (urllib3,
  // http.client) are where ConnectionRefusedError was raised, and stay.
  assert.deepEqual(r.lines.slice(0, 7), PYTHON_CHAINED.slice(0, 7));
  // The second: `<frozen runpy>` above the application frames is plumbing and is
  // hidden; the requests frames after the last application frame raised the error.
  assert.deepEqual(r.lines.slice(7), [...PYTHON_CHAINED.slice(7, 11), ...PYTHON_CHAINED.slice(12)]);
  assert.equal(r.hidden, 1);
  // With a cap of 1, only the frame nearest the error stays of each raised-at run.
  const one = reduce(PYTHON_CHAINED, 1);
  assert.ok(one.lines.includes("    raise ConnectionError(e, request=request)"));
  assert.ok(!one.lines.includes('    return self.request("GET", url, **kwargs)'));
  assert.ok(
    one.lines.includes("    self._send_request(method, url, body, headers, encode_chunked)"),
  );
  assert.ok(!one.lines.includes("    httplib_response = self._make_request("));
});

test("javascript: node_modules frames above the first app frame stay; runtime and plumbing hidden", () => {
  const g = [
    "Error: no errors",
    "    at Test.assert [as _assert] (/app/node_modules/tape/lib/test.js:226:54)",
    "    at Test.notOK (/app/node_modules/tape/lib/test.js:358:10)",
    "    at Test.<anonymous> (/app/test/order.js:57:7)",
    "    at Test.run (/app/node_modules/tape/lib/test.js:96:10)",
    "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
  ];
  const r = reduce(g);
  assert.deepEqual(r.lines, g.slice(0, 4));
  assert.equal(r.hidden, 2);
  // A group of frames only is the rest of a stack, unless told it starts at the top.
  assert.deepEqual(reduce(g.slice(1)).lines, [g[3]]);
  const top = reduceStackGroup(g.slice(1), { framesFirstAtTop: true });
  assert.deepEqual(top.lines, g.slice(1, 4));
  // Runtime machinery is never where an error was raised.
  const rt = reduce(["Error: x", "    at f (node:internal/a:1:1)", "    at g (/app/a.js:1:1)"]);
  assert.deepEqual(rt.lines, ["Error: x", "    at g (/app/a.js:1:1)"]);
});

test("java: JDK and library frames above the first app frame stay; reflection hidden", () => {
  const g = [
    "java.io.FileNotFoundException: /builds/target/classes/x.properties (No space left on device)",
    "\tat java.io.FileOutputStream.open0(Native Method)",
    "\tat java.io.FileOutputStream.open(FileOutputStream.java:298)",
    "\tat com.acme.build.Resources.copy(Resources.java:41)",
    "\tat jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
    "\tat java.lang.reflect.Method.invoke(Method.java:566)",
    "\tat org.junit.runners.ParentRunner.run(ParentRunner.java:413)",
  ];
  const r = reduce(g);
  assert.deepEqual(r.lines, g.slice(0, 4));
  assert.equal(r.hidden, 3);
  // Reflection at the top is plumbing, never where the error was raised.
  const refl = reduce([g[0], g[4], g[5], g[3]]);
  assert.deepEqual(refl.lines, [g[0], g[3]]);
});

test("node: node_modules, node: core and node:internal frames hidden; the { code } tail kept", () => {
  const r = reduce(NODE_ECONNREFUSED);
  assert.deepEqual(r.lines, [
    NODE_ECONNREFUSED[0],
    "    at async OrderRepo.findOpen (/app/src/repo/orders.ts:41:18)",
    "    at async handler (/app/src/routes/orders.ts:12:20)",
    ...NODE_ECONNREFUSED.slice(6),
  ]);
  assert.equal(r.hidden, 3);
});

test("go: runtime, GOROOT and module-cache frames hidden as function+file pairs", () => {
  const first = GO_PANIC.slice(0, 16);
  const r = reduce(first);
  assert.deepEqual(r.lines, first.slice(0, 8));
  assert.equal(r.hidden, 8);
  const g1 = reduce(GO_PANIC.slice(17, 26));
  assert.deepEqual(g1.lines, [
    "goroutine 1 [IO wait]:",
    "main.main()",
    "\t/src/cmd/orders/main.go:31 +0x2bd",
  ]);
  const mod = reduce([
    "goroutine 9 [running]:",
    "github.com/gin-gonic/gin.(*Context).Next(...)",
    "\t/root/go/pkg/mod/github.com/gin-gonic/gin@v1.9.1/context.go:174",
    "main.handler(0xc0000a2000)",
    "\t/go/src/app/main.go:20 +0x1d",
    "runtime.goexit({})",
    "\t/opt/hostedtoolcache/go/1.22.1/x64/src/runtime/asm_amd64.s:1650 +0x1",
  ]);
  // The module cache is internal; `/go/src/app` (the golang image's GOPATH) is not; the
  // runtime.goexit frame is a pair with its assembly file line.
  assert.deepEqual(mod.lines, [
    "goroutine 9 [running]:",
    "main.handler(0xc0000a2000)",
    "\t/go/src/app/main.go:20 +0x1d",
  ]);
  assert.equal(mod.hidden, 4);
});

test("rust: std/core frames and /rustc/ locations hidden with their at lines", () => {
  const r = reduce(RUST_BACKTRACE);
  assert.deepEqual(r.lines, [
    ...RUST_BACKTRACE.slice(0, 3),
    "   4: orders::config::load",
    "             at ./src/config.rs:41:10",
    "   5: orders::main",
    "             at ./src/main.rs:12:18",
    RUST_BACKTRACE[17],
  ]);
  assert.equal(r.hidden, 10);
  assert.equal(reduce(RUST_SHORT).actions, undefined);
  // Inlined frames (symbol line without an index) and RUST_BACKTRACE=full addresses.
  const full = reduce([
    "stack backtrace:",
    "   0:     0x55d5c2a6b1c0 - std::backtrace_rs::backtrace::libunwind::trace::h1a2b",
    "   1:     0x55d5c2a6b2d0 - orders::main::h9f8e",
    "  13: std::rt::lang_start_internal::{{closure}}",
    "             at /rustc/aaaa/library/std/src/rt.rs:148:48",
    "      std::panicking::try::do_call",
    "             at /rustc/aaaa/library/std/src/panicking.rs:552:40",
    "  14: main",
    "  15: __libc_start_main",
  ]);
  assert.deepEqual(full.lines, [
    "stack backtrace:",
    "   1:     0x55d5c2a6b2d0 - orders::main::h9f8e",
  ]);
});

test("maxStackFrames: first N application frames of a run kept, one marker for the rest", () => {
  const app = Array.from({ length: 15 }, (_, k) => `\tat com.acme.Deep.f${k}(Deep.java:${k + 1})`);
  const g = [
    "java.lang.StackOverflowError",
    ...app.slice(0, 5),
    "\tat java.util.ArrayList.forEach(ArrayList.java:1541)",
    ...app.slice(5),
    "\t... 1024 more",
  ];
  const r = reduce(g, 10);
  assert.deepEqual(r.lines, [
    "java.lang.StackOverflowError",
    ...app.slice(0, 10),
    "[... 5 more application stack frames ...]",
    "\t... 1024 more",
  ]);
  assert.equal(r.collapsed, 5);
  assert.equal(r.hidden, 1);
  assert.equal(r.markers, 1);
  // 0 keeps all application frames.
  assert.equal(reduce(g, 0).lines.length, 17);
  // Runs are counted per section: each Caused by starts a new run.
  const two = ["E: a", ...app.slice(0, 5), "Caused by: E: b", ...app.slice(0, 5)];
  assert.deepEqual(reduce(two, 3).lines, [
    "E: a",
    ...app.slice(0, 3),
    "[... 2 more application stack frames ...]",
    "Caused by: E: b",
    ...app.slice(0, 3),
    "[... 2 more application stack frames ...]",
  ]);
});

test("maxStackFrames: a marker stands for 2 frames and more than a third of the cap", () => {
  const app = Array.from({ length: 14 }, (_, k) => `\tat com.acme.Deep.f${k}(Deep.java:${k + 1})`);
  const head = "java.lang.IllegalStateException: boom";
  // 13 frames under the default 10: a marker for 3 would save little; all stay.
  const r13 = reduce([head, ...app.slice(0, 13)], 10);
  assert.deepEqual(r13.lines, [head, ...app.slice(0, 13)]);
  assert.equal(r13.collapsed, 0);
  assert.equal(r13.actions, undefined);
  // 14 frames: the 4 beyond the cap collapse.
  const r14 = reduce([head, ...app], 10);
  assert.deepEqual(r14.lines, [
    head,
    ...app.slice(0, 10),
    "[... 4 more application stack frames ...]",
  ]);
  assert.equal(r14.collapsed, 4);
  // A cap of 1: never a marker for one frame.
  assert.deepEqual(reduce([head, ...app.slice(0, 2)], 1).lines, [head, ...app.slice(0, 2)]);
  assert.deepEqual(reduce([head, ...app.slice(0, 3)], 1).lines, [
    head,
    app[0],
    "[... 2 more application stack frames ...]",
  ]);
  assert.equal(fewestCollapsedFrames(0), 2);
  assert.equal(fewestCollapsedFrames(3), 2);
  assert.equal(fewestCollapsedFrames(9), 4);
});

test("maxStackFrames in Python keeps the last frames (most recent call last)", () => {
  const frames = Array.from({ length: 6 }, (_, k) => [
    `  File "/app/m${k}.py", line ${k + 1}, in f${k}`,
    `    f${k + 1}()`,
  ]).flat();
  const g = [
    "Traceback (most recent call last):",
    ...frames,
    "RecursionError: maximum recursion depth exceeded",
  ];
  const r = reduce(g, 2);
  assert.deepEqual(r.lines, [
    "Traceback (most recent call last):",
    "[... 4 more application stack frames ...]",
    ...frames.slice(8),
    "RecursionError: maximum recursion depth exceeded",
  ]);
  assert.equal(r.collapsed, 8);
});

test("extra internal patterns and the internalMarkers option", () => {
  const g = [
    "E: x",
    "\tat com.acme.gen.Proxy1.call(Proxy1.java:1)",
    "\tat com.acme.App.run(App.java:9)",
  ];
  const r = reduce(g, 10, /com\.acme\.gen\./g);
  assert.deepEqual(r.lines, ["E: x", g[2]]);
  const again = reduce(g, 10, /com\.acme\.gen\./g); // a global RegExp has no lastIndex carry-over
  assert.deepEqual(again.lines, r.lines);
  const quiet = reduceStackGroup(["E: x", "\tat java.lang.Thread.run(Thread.java:1)"], {
    maxStackFrames: 10,
    internalMarkers: false,
  });
  assert.deepEqual(quiet.lines, ["E: x"]);
  assert.equal(quiet.markers, 0);
  assert.throws(() => reduceStackGroup(g, { maxStackFrames: -1 }), { code: "INVALID_OPTION" });
});

test("groups without frames come back as the same array", () => {
  for (const g of [[], ["hello"], PLAIN, RUST_SHORT]) {
    const r = reduceStackGroup(g, { maxStackFrames: 10 });
    assert.equal(r.lines, g);
    assert.equal(r.actions, undefined);
    assert.equal(r.kept, g.length);
  }
});

test("isStackFrame / isInternalFrame on single lines", () => {
  const frames = [
    "\tat com.acme.A.b(A.java:1)",
    "\tat app//com.acme.A.b(A.java:1)",
    "    at f (/app/a.js:1:2)",
    "    at file:///app/a.mjs:3:9",
    "    at <anonymous>",
    "   at Acme.Orders.Api.Get() in /src/Api.cs:line 42",
    '  File "/app/a.py", line 1, in <module>',
    "\t/app/main.go:12 +0x1d",
    "\t/usr/local/go/src/runtime/asm_amd64.s:1650 +0x1",
    "   3: orders::main",
    "             at ./src/main.rs:4:5",
    "\tat org.springframework.X.y(X.java:1) ~[spring-web-5.3.20.jar:5.3.20]",
  ];
  for (const f of frames) assert.ok(isStackFrame(f), f);
  for (
    const l of [...PLAIN, "", "at", "    at ", "Caused by: x", "panic: x", "   12345: x", "1: x"]
  ) {
    assert.ok(!isStackFrame(l), l);
  }
  const internal = [
    "\tat java.base/java.lang.Thread.run(Thread.java:829)",
    "\tat jdk.internal.reflect.NativeMethodAccessorImpl.invoke0(Native Method)",
    "\tat sun.reflect.GeneratedMethodAccessor1.invoke(Unknown Source)",
    "\tat io.netty.channel.nio.NioEventLoop.run(NioEventLoop.java:569)",
    "\tat org.eclipse.jetty.server.Server.handle(Server.java:516)",
    "\tat com.fasterxml.jackson.databind.ObjectMapper.readValue(ObjectMapper.java:3629)",
    "\tat reactor.core.publisher.Mono.block(Mono.java:1707)",
    "\tat kotlinx.coroutines.DispatchedTask.run(DispatchedTask.kt:106)",
    "    at Module._compile (internal/modules/cjs/loader.js:1138:30)",
    "    at Object.<anonymous> (/app/node_modules/jest/bin/jest.js:16:3)",
    "    at node:internal/main/run_main_module:28:49",
    '  File "/usr/lib/python3/dist-packages/apt/cache.py", line 3, in x',
    '  File "<frozen importlib._bootstrap>", line 1178, in _find_and_load',
    '  File "/usr/local/lib/python3.12/asyncio/runners.py", line 194, in run',
    "\t/usr/local/go/src/runtime/proc.go:267 +0xc5",
    "runtime.goexit({})",
    "   1: core::panicking::panic_fmt",
    "   9: tokio::runtime::task::harness::poll_future",
    "             at /rustc/25ef9e3d/library/core/src/ops/function.rs:250:5",
    "   at System.Net.Http.HttpClient.SendAsync() in /_/src/HttpClient.cs:line 12",
  ];
  for (const l of internal) assert.ok(isInternalFrame(l), l);
  const app = [
    "\tat com.acme.A.b(A.java:1)",
    "\tat app//com.acme.A.b(A.java:1)",
    "    at f (/app/src/internal/a.js:1:2)",
    '  File "/app/internal/lib/python_helpers.py", line 1, in f',
    "\t/app/internal/runtime/x.go:3 +0x1",
    "   4: orders::config::load",
    "org.springframework.beans.factory.BeanCreationException: boom",
    "Caused by: java.lang.IllegalStateException: x",
    "main.main()",
  ];
  for (const l of app) assert.ok(!isInternalFrame(l), l);
});

const POOL = [
  ...TRACES.flat(),
  ...PLAIN,
  "",
  "\tat com.acme.A.b(A.java:1)",
  "    int(x)",
  "      std::panicking::try::do_call",
];

test("property: kept + hidden + collapsed = input; exception lines always kept", () => {
  fc.assert(
    fc.property(
      fc.array(fc.oneof(fc.constantFrom(...POOL), fc.string({ maxLength: 10 })), {
        maxLength: 120,
      }),
      fc.integer({ min: 0, max: 6 }),
      (lines, max) => {
        const r = reduce(lines, max);
        for (let k = 0; k < lines.length; k++) {
          if (/^(Caused by:|Traceback|panic:|thread '|[\w.]+(Exception|Error)\b)/.test(lines[k])) {
            assert.ok(r.actions === undefined || r.actions[k] === STACK_KEEP, lines[k]);
          }
        }
      },
    ),
    propertyParams("stack_reduce#1", { numRuns: 500 }),
  );
});

test("the first trace shown is shown whole (library frames too); later traces hide them", async () => {
  const trace = (msg: string) => [
    `java.lang.IllegalStateException: ${msg}`,
    "\tat com.acme.orders.Service.place(Service.java:41)",
    "\tat org.springframework.aop.framework.ReflectiveMethodInvocation.proceed(ReflectiveMethodInvocation.java:186)",
    "\tat java.base/java.lang.Thread.run(Thread.java:840)",
  ];
  const filler = Array.from({ length: 30 }, (_, i) => `step ${i} done`);
  // The log goes on after the second trace: it is not the end of the failing step
  // (where a trace is shown whole).
  const input = [...trace("first"), ...filler, ...trace("second"), ...filler, ...filler];
  const { output, result } = await trimTextInline(input.join("\n") + "\n");
  const out = output.split("\n");
  const first = out.indexOf(trace("first")[0]);
  const second = out.indexOf(trace("second")[0]);
  assert.deepEqual(out.slice(first, first + 4), trace("first"));
  assert.equal(out[second + 1], trace("second")[1]);
  assert.ok(!out.slice(second).some((l) => l.includes("Thread.run")), output);
  assert.equal(result.stats.hiddenInternalStackLines, 2);
  // The option itself: nothing hidden, application frames still capped.
  const r = reduceStackGroup(trace("x"), { showInternal: true, maxStackFrames: 10 });
  assert.ok(r.hidden === 0 && r.kept === 4);
});

test("a Python exception chained to the first trace is shown whole too", async () => {
  const tb = (file: string, err: string) => [
    "Traceback (most recent call last):",
    `  File "/app/${file}.py", line 3, in main`,
    "    run()",
    '  File "/usr/lib/python3.11/site-packages/pluggy/_hooks.py", line 493, in __call__',
    "    return self._hookexec(self.name, self._hookimpls, kwargs)",
    `  File "/app/${file}_hook.py", line 9, in hook`,
    "    raise_it()",
    err,
  ];
  const filler = Array.from({ length: 30 }, (_, i) => `step ${i} done`);
  const input = [
    ...tb("first", "KeyError: 'x'"),
    "",
    "During handling of the above exception, another exception occurred:",
    "",
    ...tb("second", "ValueError: bad"),
    ...filler,
    ...tb("third", "TypeError: worse"),
    ...filler, // twice: the third traceback is not the end of the failing step
    ...filler,
  ];
  const { output } = await trimTextInline(input.join("\n") + "\n");
  const shown = output.split("\n").filter((l) => l.includes("pluggy/_hooks.py"));
  assert.equal(shown.length, 2, output); // the first two tracebacks, not the third
});

test("the first trace shown whole keeps every application frame, no marker", async () => {
  const trace = (msg: string, cls: string) => [
    `java.lang.IllegalStateException: ${msg}`,
    ...Array.from(
      { length: 16 },
      (_, i) => `\tat com.acme.orders.${cls}${i}.run(${cls}${i}.java:${i + 10})`,
    ),
  ];
  const filler = Array.from({ length: 30 }, (_, i) => `step ${i} done`);
  const first = trace("first", "Step");
  const second = trace("second", "Other");
  const input = [...first, ...filler, ...second, ...filler, ...filler];
  const { output } = await trimTextInline(input.join("\n") + "\n");
  const out = output.split("\n");
  const at = out.indexOf(first[0]);
  assert.deepEqual(out.slice(at, at + 17), first);
  // The option itself: a cap of 10 collapses the six frames beyond it.
  const r = reduceStackGroup(second, { showInternal: true, maxStackFrames: 10 });
  assert.ok(r.collapsed === 6 && r.lines[11] === "[... 6 more application stack frames ...]");
});

test("Jenkins' chained causes (Caused:, Also:) are one trace with their frames", async () => {
  const trace = [
    "hudson.AbortException: script returned exit code 1",
    "\tat org.jenkinsci.plugins.gitclient.CliGitAPIImpl.launchCommandIn(CliGitAPIImpl.java:2671)",
    "Also:   hudson.remoting.Channel$CallSiteStackTrace: Remote call to builder02",
    "\t\tat hudson.remoting.Channel.attachCallSiteStackTrace(Channel.java:1784)",
    "\t\tat sun.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)",
    "\t\tat hudson.model.Run.execute(Run.java:1896)",
    "Caused: hudson.plugins.git.GitException: Could not checkout abc",
    "\tat java.util.concurrent.FutureTask.run(FutureTask.java:264)",
    "\tat java.lang.Thread.run(Thread.java:834)",
  ];
  const filler = Array.from({ length: 30 }, (_, i) => `step ${i} done`);
  const { output } = await trimTextInline([...trace, ...filler, ...filler].join("\n") + "\n");
  // One record, the first of the log: shown whole, library frames under `Caused:` too.
  const out = output.split("\n");
  const at = out.indexOf(trace[0]);
  assert.deepEqual(out.slice(at, at + trace.length), trace, output);
});

test("go: the panicking goroutine keeps every file line; a dump's idle goroutines stay short", async () => {
  const running = [
    "goroutine 21 [running]:",
    "testing.tRunner.func1()",
    "\t/opt/hostedtoolcache/go/1.18.1/x64/src/testing/testing.go:1392 +0x39f",
    "panic({0x10cb460, 0x15cde10})",
    "\t/opt/hostedtoolcache/go/1.18.1/x64/src/runtime/panic.go:838 +0x207",
    "github.com/acme/app/cloud.(*Cloud).Configure(0xc0001a6780, {{{0x15dbdf8?, 0xc00011b590?}}})",
    "\t/home/runner/work/app/app/cloud/backend.go:211 +0xb6",
    "",
  ];
  const idle = Array.from({ length: 120 }, (_, g) => [
    `goroutine ${g + 30} [chan receive]:`,
    `github.com/acme/app/worker${g % 5}.(*Pool).step${g % 7}(0xc000${g}0, {0x${g}?, 0x0?})`,
    `\t/home/runner/work/app/app/worker${g % 5}/pool.go:${40 + (g % 7)} +0x${g}`,
    `created by github.com/acme/app/worker${g % 5}.Start in goroutine 1`,
    `\t/home/runner/work/app/app/worker${g % 5}/pool.go:12 +0x85`,
    "",
  ]).flat();
  const input = ["panic: value has no attribute of that name", "", ...running, ...idle, "FAIL"];
  const { output } = await trimTextInline(input.join("\n") + "\n");
  for (const l of running.slice(0, 7)) assert.ok(output.includes(l), l);
  assert.ok(output.split("\n").length < idle.length / 4, String(output.split("\n").length));
});
