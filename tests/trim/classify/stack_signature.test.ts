import { test } from "node:test";
import assert from "node:assert/strict";
import { reduceStackGroup, stackSignature } from "../../../trim/classify/stack.ts";
import { GO_PANIC, RUST_BACKTRACE } from "../../_helpers/stack_samples.ts";

const sig = stackSignature;

test("goroutines differing in id, arguments, wait time and creator goroutine are equal", () => {
  const g18 = GO_PANIC.slice(27, 32);
  const g19 = GO_PANIC.slice(33, 38);
  assert.notDeepEqual(g18, g19);
  assert.equal(sig(g18), sig(g19));
  // …but not a goroutine in another state or another function.
  assert.notEqual(sig(g18), sig(g19.map((l) => l.replace("chan receive", "select"))));
  assert.notEqual(sig(g18), sig(g19.map((l) => l.replace("(*Pool).loop", "(*Pool).drain"))));
});

test("java: thread names, lambda ids, accessors, CGLIB ids, line numbers and '... N more'", () => {
  const a = [
    'Exception in thread "pool-1-thread-3" java.lang.IllegalStateException: queue closed',
    "\tat com.acme.Queue$$Lambda$123/0x0000000800c0b000.run(Unknown Source)",
    "\tat com.acme.Queue.lambda$start$0(Queue.java:41)",
    "\tat jdk.internal.reflect.GeneratedMethodAccessor87.invoke(Unknown Source)",
    "\tat com.acme.Svc$$EnhancerBySpringCGLIB$$5a1b2c3d.call(<generated>)",
    "\tat java.base/java.lang.Thread.run(Thread.java:829)",
    "\t... 12 more",
  ];
  const b = [
    'Exception in thread "pool-1-thread-7" java.lang.IllegalStateException: queue closed',
    "\tat com.acme.Queue$$Lambda$456/0x0000000800d0c000.run(Unknown Source)",
    "\tat com.acme.Queue.lambda$start$1(Queue.java:44)",
    "\tat jdk.internal.reflect.GeneratedMethodAccessor12.invoke(Unknown Source)",
    "\tat com.acme.Svc$$EnhancerBySpringCGLIB$$9f8e7d6c.call(<generated>)",
    "\tat java.base/java.lang.Thread.run(Thread.java:833)",
    "\t... 13 more",
  ];
  assert.equal(sig(a), sig(b));
  // JDK 21 hidden-class lambdas.
  assert.equal(
    sig(["\tat a.B$$Lambda/0x000001f0a1004c28.run(Unknown Source)"]),
    sig(["\tat a.B$$Lambda/0x000001f0a1099999.run(Unknown Source)"]),
  );
  // Thread dump headers.
  assert.equal(
    sig(['"http-nio-8080-exec-1" #23 daemon prio=5 os_prio=0 tid=0x00007f nid=0x1a2b waiting']),
    sig(['"http-nio-8080-exec-9" #31 daemon prio=5 os_prio=0 tid=0x00008a nid=0x1c3d waiting']),
  );
  // Different message, class or method: different.
  assert.notEqual(sig(a), sig(a.map((l) => l.replace("queue closed", "queue full"))));
  assert.notEqual(
    sig(a),
    sig(a.map((l) => l.replace("IllegalStateException", "IllegalArgumentException"))),
  );
  assert.notEqual(sig(a), sig(a.map((l) => l.replace("Queue.lambda$start", "Queue.lambda$stop"))));
  assert.notEqual(sig(a), sig(a.slice(0, -2).concat(a.slice(-1))));
});

test("node, python and rust: line:col, line N, addresses and thread names", () => {
  assert.equal(
    sig(["TypeError: x is undefined", "    at f (/app/a.js:10:5)", "    at g (/app/b.js:3:1)"]),
    sig(["TypeError: x is undefined", "    at f (/app/a.js:12:9)", "    at g (/app/b.js:4:2)"]),
  );
  assert.notEqual(
    sig(["TypeError: x is undefined", "    at f (/app/a.js:10:5)"]),
    sig(["TypeError: y is undefined", "    at f (/app/a.js:10:5)"]),
  );
  assert.notEqual(
    sig(["TypeError: x is undefined", "    at f (/app/a.js:10:5)"]),
    sig(["TypeError: x is undefined", "    at f (/app/c.js:10:5)"]),
  );
  const py = (line: number, addr: string, key: string) => [
    "Traceback (most recent call last):",
    `  File "/app/main.py", line ${line}, in handle`,
    `    cache[key]  # <Cache object at ${addr}>`,
    `KeyError: '${key}'`,
    "  [Previous line repeated 996 more times]",
  ];
  assert.equal(sig(py(12, "0x7f3a2c1e0e28", "a")), sig(py(14, "0x7f00000000aa", "a")));
  assert.notEqual(sig(py(12, "0x7f3a2c1e0e28", "a")), sig(py(12, "0x7f3a2c1e0e28", "b")));
  const other = RUST_BACKTRACE.map((l) =>
    l.replace("thread 'main'", "thread 'tokio-runtime-worker'").replace(":41:10", ":43:2")
  );
  assert.equal(sig(RUST_BACKTRACE), sig(other));
  assert.notEqual(
    sig(RUST_BACKTRACE),
    sig(RUST_BACKTRACE.map((l) => l.replace("NotFound", "PermissionDenied"))),
  );
});

test("reduced groups with different marker counts are equal", () => {
  const mk = (n: number) =>
    reduceStackGroup([
      "java.lang.StackOverflowError",
      ...Array.from({ length: n }, () => "\tat com.acme.R.f(R.java:3)"),
    ], { maxStackFrames: 2 }).lines;
  assert.equal(sig(mk(10)), sig(mk(50)));
  assert.notEqual(sig(mk(10)), sig(mk(2)));
});
