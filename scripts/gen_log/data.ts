/**
 * Data tables of the log generator: alphabets, names, message templates and
 * stack frames the events pick from.
 *
 * @module
 */

/** Lowercase hexadecimal digits. */
export const HEX = "0123456789abcdef";
/** The base64url alphabet. */
export const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
/** ASCII letters and digits. */
export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Service names. */
export const SERVICES = [
  "orders",
  "payments",
  "inventory",
  "users",
  "shipping",
  "gateway",
  "search",
];
/** Java thread names. */
export const THREADS_JAVA = [
  "http-nio-8080-exec-1",
  "http-nio-8080-exec-2",
  "http-nio-8080-exec-7",
  "http-nio-8080-exec-12",
  "scheduling-1",
  "pool-3-thread-2",
  "kafka-consumer-0",
  "HikariPool-1 housekeeper",
  "main",
];
/** Java logger (class) names. */
export const LOGGERS_JAVA = [
  "c.a.orders.service.OrderService",
  "c.a.orders.web.OrderController",
  "c.a.payments.PaymentGatewayClient",
  "c.a.inventory.StockReservation",
  "c.a.users.AuthFilter",
  "o.s.web.servlet.DispatcherServlet",
  "o.h.engine.jdbc.spi.SqlExceptionHelper",
  "c.z.hikari.pool.HikariPool",
  "o.a.kafka.clients.consumer.KafkaConsumer",
];
/** Node.js module tags. */
export const NODE_MODULES = ["api", "worker", "auth", "billing", "webhooks"];
/** HTTP request paths of the access log. */
export const HTTP_PATHS = [
  "/api/v1/orders",
  "/api/v1/orders/{id}",
  "/api/v1/payments/{id}/capture",
  "/api/v1/users/{id}",
  "/api/v1/inventory/sku/{sku}",
  "/healthz",
  "/metrics",
  "/api/v2/search",
  "/static/app.{hash}.js",
];
/** HTTP methods, weighted by repetition. */
export const METHODS = ["GET", "GET", "GET", "POST", "PUT", "DELETE", "PATCH"];
/** HTTP statuses, weighted by repetition. */
export const STATUSES = [200, 200, 200, 200, 201, 204, 301, 304, 400, 401, 404, 409, 500, 502, 503];
/** User agents. */
export const UAS = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15",
  "curl/8.5.0",
  "kube-probe/1.29",
  "Go-http-client/1.1",
  "okhttp/4.12.0",
  "Prometheus/2.51.0",
];
/** DEBUG message templates (`{n}`, `{id}` … are filled in). */
export const DEBUG_MSGS = [
  "cache hit",
  "cache miss, loading from db",
  "acquired connection from pool",
  "released connection to pool",
  "serialized response",
  "validated request payload",
  "resolved feature flags",
  "span finished",
  "loaded config snapshot",
  "renewed lease",
];
/** INFO message templates. */
export const INFO_MSGS = [
  "Order created",
  "Payment authorized",
  "Payment captured",
  "Stock reserved",
  "User logged in",
  "Shipment label printed",
  "Webhook delivered",
  "Search executed",
  "Session refreshed",
  "Invoice generated",
];
/** WARN message templates. */
export const WARN_MSGS = [
  "Slow query detected",
  "Retrying request to upstream",
  "Deprecated config key 'server.max-http-header-size' used, use 'server.max-http-request-header-size'",
  "Circuit breaker half-open",
  "Rate limit approaching",
  "Response time above SLO",
  "Consumer lag increasing",
  "Certificate expires soon",
];
/** ERROR message templates. */
export const ERROR_MSGS = [
  "Payment declined",
  "Failed to reserve stock",
  "Upstream returned 503",
  "Timeout waiting for lock",
  "Message could not be deserialized",
  'Duplicate key value violates unique constraint "orders_pkey"',
];
/** Messages with non-ASCII text. */
export const INTL_MSGS = [
  "Fehler beim Verbinden mit der Datenbank",
  "erreur lors du traitement de la commande",
  "错误: 无法连接到服务器",
  "エラー: タイムアウトしました",
  "ошибка: превышено время ожидания",
  "✔ build ok 🚀",
];
/** Java application frames. */
export const JAVA_APP_FRAMES = [
  "com.acme.orders.service.OrderService.getOrder(OrderService.java:{n})",
  "com.acme.orders.service.OrderService.createOrder(OrderService.java:{n})",
  "com.acme.orders.web.OrderController.show(OrderController.java:{n})",
  "com.acme.payments.PaymentGatewayClient.capture(PaymentGatewayClient.java:{n})",
  "com.acme.inventory.StockReservation.reserve(StockReservation.java:{n})",
  "com.acme.common.RetryTemplate.execute(RetryTemplate.java:{n})",
];
/** Java framework and JDK frames. */
export const JAVA_FW_FRAMES = [
  "jdk.internal.reflect.GeneratedMethodAccessor{n}.invoke(Unknown Source)",
  "java.base/jdk.internal.reflect.DelegatingMethodAccessorImpl.invoke(DelegatingMethodAccessorImpl.java:43)",
  "java.base/java.lang.reflect.Method.invoke(Method.java:566)",
  "org.springframework.web.method.support.InvocableHandlerMethod.doInvoke(InvocableHandlerMethod.java:205)",
  "org.springframework.web.method.support.InvocableHandlerMethod.invokeForRequest(InvocableHandlerMethod.java:150)",
  "org.springframework.web.servlet.mvc.method.annotation.ServletInvocableHandlerMethod.invokeAndHandle(ServletInvocableHandlerMethod.java:117)",
  "org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter.invokeHandlerMethod(RequestMappingHandlerAdapter.java:895)",
  "org.springframework.web.servlet.DispatcherServlet.doDispatch(DispatcherServlet.java:1072)",
  "org.springframework.web.servlet.FrameworkServlet.processRequest(FrameworkServlet.java:1006)",
  "javax.servlet.http.HttpServlet.service(HttpServlet.java:681)",
  "org.apache.catalina.core.ApplicationFilterChain.internalDoFilter(ApplicationFilterChain.java:227)",
  "org.apache.catalina.core.ApplicationFilterChain.doFilter(ApplicationFilterChain.java:162)",
  "org.springframework.web.filter.OncePerRequestFilter.doFilter(OncePerRequestFilter.java:117)",
  "org.springframework.security.web.FilterChainProxy.doFilterInternal(FilterChainProxy.java:215)",
  "org.apache.catalina.core.StandardWrapperValve.invoke(StandardWrapperValve.java:197)",
  "org.apache.coyote.http11.Http11Processor.service(Http11Processor.java:399)",
  "org.apache.tomcat.util.net.NioEndpoint$SocketProcessor.doRun(NioEndpoint.java:1789)",
  "java.base/java.util.concurrent.ThreadPoolExecutor.runWorker(ThreadPoolExecutor.java:1128)",
  "org.apache.tomcat.util.threads.TaskThread$WrappingRunnable.run(TaskThread.java:61)",
  "java.base/java.lang.Thread.run(Thread.java:829)",
];
/** Java `Caused by:` exceptions. */
export const JAVA_CAUSES = [
  "java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30000ms.",
  "java.net.SocketTimeoutException: Read timed out",
  "org.postgresql.util.PSQLException: ERROR: deadlock detected",
  'java.lang.NullPointerException: Cannot invoke "com.acme.orders.model.Customer.getId()" because "order.customer" is null',
];
/** Java exceptions. */
export const JAVA_EXC = [
  "java.lang.IllegalStateException: Order {id} not found",
  "org.springframework.dao.DataAccessResourceFailureException: Unable to acquire JDBC Connection",
  "com.acme.payments.GatewayException: upstream status 503 for capture {id}",
  "java.util.concurrent.CompletionException: java.net.ConnectException: Connection refused",
];
/** Node.js errors. */
export const NODE_ERRS = [
  "TypeError: Cannot read properties of undefined (reading 'customerId')",
  "Error: connect ECONNREFUSED {ipport}",
  'SequelizeConnectionError: password authentication failed for user "app"',
  "RangeError: Invalid time value",
  "Error: Request failed with status code 502",
];
/** Node.js application frames. */
export const NODE_APP_FRAMES = [
  "OrderController.create (/app/dist/controllers/order.controller.js:{n}:{c})",
  "BillingService.charge (/app/dist/services/billing.service.js:{n}:{c})",
  "async WebhookDispatcher.deliver (/app/dist/webhooks/dispatcher.js:{n}:{c})",
  "Object.handler (/app/dist/routes/orders.js:{n}:{c})",
];
/** Node.js `node_modules` and core frames. */
export const NODE_FW_FRAMES = [
  "Layer.handle [as handle_request] (/app/node_modules/express/lib/router/layer.js:95:5)",
  "next (/app/node_modules/express/lib/router/route.js:149:13)",
  "Route.dispatch (/app/node_modules/express/lib/router/route.js:119:3)",
  "/app/node_modules/express/lib/router/index.js:284:15",
  "Function.process_params (/app/node_modules/express/lib/router/index.js:346:12)",
  "RedirectableRequest.emit (node:events:519:28)",
  "Axios.request (/app/node_modules/axios/lib/core/Axios.js:45:41)",
  "Query.run (/app/node_modules/sequelize/lib/dialects/postgres/query.js:50:25)",
  "TCPConnectWrap.afterConnect [as oncomplete] (node:net:1605:16)",
  "process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
];
/** npm deprecation warnings. */
export const NPM_DEPRECATED = [
  "inflight@1.0.6: This module is not supported, and leaks memory. Do not use it.",
  "glob@7.2.3: Glob versions prior to v9 are no longer supported",
  "rimraf@3.0.2: Rimraf versions prior to v4 are no longer supported",
  "@humanwhocodes/config-array@0.11.14: Use @eslint/config-array instead",
  "abab@2.0.6: Use your platform's native atob() and btoa() methods instead",
  "domexception@4.0.0: Use your platform's native DOMException instead",
];
/** Test file paths of the jest and tsc output. */
export const TEST_FILES = [
  "src/orders/order.service.test.ts",
  "src/payments/capture.test.ts",
  "src/utils/format.test.ts",
  "src/api/client.test.ts",
  "src/inventory/reserve.test.ts",
  "src/auth/session.test.ts",
  "src/search/query-parser.test.ts",
];
/** TypeScript compiler errors. */
export const TSC_ERRS = [
  "error TS2322: Type 'string' is not assignable to type 'number'.",
  "error TS2345: Argument of type 'undefined' is not assignable to parameter of type 'string'.",
  "error TS2339: Property 'customerId' does not exist on type 'Order'.",
  "error TS7006: Parameter 'req' implicitly has an 'any' type.",
  "error TS2307: Cannot find module './legacy/client' or its corresponding type declarations.",
];
/** Lines repeated verbatim in runs. */
export const REPEATED_PLAIN = [
  "Connection refused: db-primary.internal:5432, retrying in 1000ms",
  "Waiting for pod orders-7d9f8b6c5-x2k4q to be ready...",
  "    at java.base/java.lang.Thread.run(Thread.java:829)",
  "npm WARN EBADENGINE Unsupported engine {",
  "[WARN] Unable to resolve peer dependency, falling back to bundled copy",
  "heartbeat ok",
];
