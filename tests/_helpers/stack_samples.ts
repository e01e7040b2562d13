/**
 * Small, realistic stack-trace samples shared by the multiline and stack tests.
 *
 * @module
 */

/** A Spring request failure: 3-deep `Caused by:`, the first frame is a framework frame. */
export const JAVA_SPRING: string[] = [
  "org.springframework.web.util.NestedServletException: Request processing failed; nested exception is org.springframework.dao.DataIntegrityViolationException: could not execute statement",
  "\tat org.springframework.web.servlet.FrameworkServlet.processRequest(FrameworkServlet.java:1014)",
  "\tat org.springframework.web.servlet.FrameworkServlet.doPost(FrameworkServlet.java:909)",
  "\tat javax.servlet.http.HttpServlet.service(HttpServlet.java:681)",
  "\tat org.apache.catalina.core.ApplicationFilterChain.internalDoFilter(ApplicationFilterChain.java:227)",
  "\tat org.apache.coyote.http11.Http11Processor.service(Http11Processor.java:399)",
  "\tat org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun(NioEndpoint.java:1787)",
  "\tat java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1128)",
  "\tat java.base/java.lang.Thread.run(Thread.java:829)",
  "Caused by: org.springframework.dao.DataIntegrityViolationException: could not execute statement; SQL [n/a]; constraint [uk_order_ref]",
  "\tat org.springframework.orm.jpa.vendor.HibernateJpaDialect.convertHibernateAccessException(HibernateJpaDialect.java:276)",
  "\tat org.springframework.aop.framework.ReflectiveMethodInvocation.proceed(ReflectiveMethodInvocation.java:186)",
  "\tat com.acme.orders.OrderService$$EnhancerBySpringCGLIB$$5a1b2c3d.place(<generated>)",
  "\tat com.acme.orders.OrderController.create(OrderController.java:42)",
  "\tat jdk.internal.reflect.GeneratedMethodAccessor87.invoke(Unknown Source)",
  "\tat org.springframework.web.servlet.FrameworkServlet.processRequest(FrameworkServlet.java:1006)",
  "\t... 48 more",
  "Caused by: org.hibernate.exception.ConstraintViolationException: could not execute statement",
  "\tat org.hibernate.exception.internal.SQLStateConversionDelegate.convert(SQLStateConversionDelegate.java:59)",
  "\tat org.hibernate.engine.jdbc.spi.SqlExceptionHelper.convert(SqlExceptionHelper.java:113)",
  "\tat com.acme.orders.OrderRepository.save(OrderRepository.java:31)",
  "\t... 61 more",
  'Caused by: org.postgresql.util.PSQLException: ERROR: duplicate key value violates unique constraint "uk_order_ref"',
  "  Detail: Key (ref)=(A-1001) already exists.",
  "\tat org.postgresql.core.v3.QueryExecutorImpl.receiveErrorResponse(QueryExecutorImpl.java:2675)",
  "\tat org.postgresql.jdbc.PgPreparedStatement.executeUpdate(PgPreparedStatement.java:152)",
  "\tat com.zaxxer.hikari.pool.HikariProxyPreparedStatement.executeUpdate(HikariProxyPreparedStatement.java)",
  "\t... 72 more",
];

/** A Python traceback chained with "During handling of the above exception". */
export const PYTHON_CHAINED: string[] = [
  "Traceback (most recent call last):",
  '  File "/app/.venv/lib/python3.11/site-packages/urllib3/connectionpool.py", line 703, in urlopen',
  "    httplib_response = self._make_request(",
  "                       ^^^^^^^^^^^^^^^^^^^",
  '  File "/usr/lib/python3.11/http/client.py", line 1286, in request',
  "    self._send_request(method, url, body, headers, encode_chunked)",
  "ConnectionRefusedError: [Errno 111] Connection refused",
  "",
  "During handling of the above exception, another exception occurred:",
  "",
  "Traceback (most recent call last):",
  '  File "<frozen runpy>", line 198, in _run_module_as_main',
  '  File "/app/worker/main.py", line 88, in <module>',
  "    main()",
  '  File "/app/worker/main.py", line 61, in main',
  "    sync_orders(client)",
  '  File "/app/worker/sync.py", line 24, in sync_orders',
  '    resp = client.get("/orders")',
  '  File "/app/.venv/lib/python3.11/site-packages/requests/sessions.py", line 602, in get',
  '    return self.request("GET", url, **kwargs)',
  '  File "/app/.venv/lib/python3.11/site-packages/requests/adapters.py", line 519, in send',
  "    raise ConnectionError(e, request=request)",
  "requests.exceptions.ConnectionError: HTTPConnectionPool(host='api', port=80): Max retries exceeded with url: /orders",
];

/** A Node error with node_modules, node: core and node:internal frames and a `{ code }` tail. */
export const NODE_ECONNREFUSED: string[] = [
  "Error: connect ECONNREFUSED 127.0.0.1:5432",
  "    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)",
  "    at Client._connectionCallback (/app/node_modules/pg/lib/client.js:132:24)",
  "    at async PgPool.query (/app/node_modules/pg-pool/index.js:45:11)",
  "    at async OrderRepo.findOpen (/app/src/repo/orders.ts:41:18)",
  "    at async handler (/app/src/routes/orders.ts:12:20)",
  "    at process.processTicksAndRejections (node:internal/process/task_queues:95:5) {",
  "  errno: -111,",
  "  code: 'ECONNREFUSED',",
  "  syscall: 'connect',",
  "  address: '127.0.0.1',",
  "  port: 5432",
  "}",
  "",
  "Node.js v20.11.0",
];

/** A Go nil-pointer panic followed by a dump of several goroutines. */
export const GO_PANIC: string[] = [
  "panic: runtime error: invalid memory address or nil pointer dereference",
  "[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x6b4f2a]",
  "",
  "goroutine 42 [running]:",
  "github.com/acme/orders/internal/store.(*Store).Get(0x0, {0x7a9c40, 0xc0001a2000}, {0xc00002a0f0, 0x8})",
  "\t/src/internal/store/store.go:88 +0x2a",
  "github.com/acme/orders/internal/api.(*Handler).order(0xc0000b6000, {0x7ab1e0, 0xc0001c4000}, 0xc0001b8100)",
  "\t/src/internal/api/handler.go:57 +0x1b3",
  "net/http.HandlerFunc.ServeHTTP(0xc0000a4050, {0x7ab1e0, 0xc0001c4000}, 0xc0001b8100)",
  "\t/usr/local/go/src/net/http/server.go:2136 +0x29",
  "net/http.serverHandler.ServeHTTP({0xc0000a2120}, {0x7ab1e0, 0xc0001c4000}, 0xc0001b8100)",
  "\t/usr/local/go/src/net/http/server.go:2938 +0x8e",
  "net/http.(*conn).serve(0xc0001d6000, {0x7abb88, 0xc0000a2030})",
  "\t/usr/local/go/src/net/http/server.go:2009 +0x5f4",
  "created by net/http.(*Server).Serve in goroutine 1",
  "\t/usr/local/go/src/net/http/server.go:3086 +0x5cb",
  "",
  "goroutine 1 [IO wait]:",
  "internal/poll.runtime_pollWait(0x7f3b2c1e0e28, 0x72)",
  "\t/usr/local/go/src/runtime/netpoll.go:343 +0x85",
  "internal/poll.(*FD).Accept(0xc0000d2000)",
  "\t/usr/local/go/src/internal/poll/fd_unix.go:611 +0x2ac",
  "net/http.(*Server).ListenAndServe(0xc0000ce000)",
  "\t/usr/local/go/src/net/http/server.go:3056 +0x85",
  "main.main()",
  "\t/src/cmd/orders/main.go:31 +0x2bd",
  "",
  "goroutine 18 [chan receive, 3 minutes]:",
  "github.com/acme/orders/internal/worker.(*Pool).loop(0xc0000a6000)",
  "\t/src/internal/worker/pool.go:44 +0x65",
  "created by github.com/acme/orders/internal/worker.New in goroutine 1",
  "\t/src/internal/worker/pool.go:30 +0x10f",
  "",
  "goroutine 19 [chan receive, 4 minutes]:",
  "github.com/acme/orders/internal/worker.(*Pool).loop(0xc0000a6a00)",
  "\t/src/internal/worker/pool.go:44 +0x65",
  "created by github.com/acme/orders/internal/worker.New in goroutine 1",
  "\t/src/internal/worker/pool.go:30 +0x10f",
  "exit status 2",
];

/** A Rust panic with RUST_BACKTRACE=1. */
export const RUST_BACKTRACE: string[] = [
  "thread 'main' panicked at src/config.rs:41:10:",
  'called `Result::unwrap()` on an `Err` value: Os { code: 2, kind: NotFound, message: "No such file or directory" }',
  "stack backtrace:",
  "   0: rust_begin_unwind",
  "             at /rustc/25ef9e3d85d934b27d9dada2f9dd52b1dc63bb04/library/std/src/panicking.rs:645:5",
  "   1: core::panicking::panic_fmt",
  "             at /rustc/25ef9e3d85d934b27d9dada2f9dd52b1dc63bb04/library/core/src/panicking.rs:72:14",
  "   2: core::result::unwrap_failed",
  "             at /rustc/25ef9e3d85d934b27d9dada2f9dd52b1dc63bb04/library/core/src/result.rs:1653:5",
  "   3: core::result::Result<T,E>::unwrap",
  "             at /rustc/25ef9e3d85d934b27d9dada2f9dd52b1dc63bb04/library/core/src/result.rs:1077:23",
  "   4: orders::config::load",
  "             at ./src/config.rs:41:10",
  "   5: orders::main",
  "             at ./src/main.rs:12:18",
  "   6: core::ops::function::FnOnce::call_once",
  "             at /rustc/25ef9e3d85d934b27d9dada2f9dd52b1dc63bb04/library/core/src/ops/function.rs:250:5",
  "note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.",
];

/** A Rust panic without backtrace (new message format). */
export const RUST_SHORT: string[] = [
  "thread 'tokio-runtime-worker' panicked at src/worker.rs:88:14:",
  "index out of bounds: the len is 3 but the index is 7",
  "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
];

/** Ordinary log lines (not part of any record). */
export const PLAIN: string[] = [
  "2024-05-14T09:12:03.120Z INFO  [http] GET /orders 200 12ms",
  "081109 203615 148 INFO dfs.DataNode$PacketResponder: PacketResponder 1 for block blk_38865049064139660 terminating",
  "[Sun Dec 04 04:47:44 2005] [notice] workerEnv.init() ok /etc/httpd/conf/workers2.properties",
  "Dec 10 06:55:46 LabSZ sshd[24200]: Invalid user webmaster from 173.234.31.186",
  "  - Installing dependencies from lock file",
  "npm WARN deprecated inflight@1.0.6: This module is not supported",
  "    Compiling serde v1.0.197",
  "at 10:30 the nightly job starts",
  "    at least 3 retries left",
  "Step 4/12 : RUN make build",
];

/** The full traces above, one per language (not the short `RUST_SHORT`). */
export const TRACES: string[][] = [
  JAVA_SPRING,
  PYTHON_CHAINED,
  NODE_ECONNREFUSED,
  GO_PANIC,
  RUST_BACKTRACE,
];
