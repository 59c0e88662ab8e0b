// Async boundary: shared singletons (react, web-kit, Fluent contexts) are negotiated before any page code runs.
import('./bootstrap');
