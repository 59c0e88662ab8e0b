// `npm run serve -w @dealflow/shell`: serve the built shell and remotes without the gateway (development).
import { startStaticServer } from './static-server.mjs';

const { url } = await startStaticServer({
  port: Number(process.env.PORT ?? 3100),
  apiOrigin: process.env.API_ORIGIN,
});
console.log(
  `shell: ${url}${process.env.API_ORIGIN ? ` (API -> ${process.env.API_ORIGIN})` : ' (no API: signed-out visitor)'}`,
);
