#!/usr/bin/env sh
# Creates or updates the database schema of every service: what the "Database schema not initialized" notice asks
# for. Each service also runs its migrations when it starts (npm start does this for you, on the embedded
# PostgreSQL); this script is for a PostgreSQL of your own, or to migrate before the services start (a deploy).
#
#   DATABASE_URL=postgres://user:password@host:5432 ./setup.sh
#
# Each service has its own database on that server (identity, billing, ingest, crm), created if missing;
# IDENTITY_DATABASE_URL, BILLING_DATABASE_URL, INGEST_DATABASE_URL and CRM_DATABASE_URL override one service's.
set -eu
cd "$(dirname "$0")"

if [ -z "${DATABASE_URL:-}" ] && [ -z "${IDENTITY_DATABASE_URL:-}${BILLING_DATABASE_URL:-}${INGEST_DATABASE_URL:-}${CRM_DATABASE_URL:-}" ]; then
  echo "setup.sh: DATABASE_URL is not set." >&2
  echo "  With the embedded PostgreSQL, run npm start: it runs every migration when the services start." >&2
  echo "  With your own server: DATABASE_URL=postgres://user:password@host:5432 ./setup.sh" >&2
  exit 2
fi

[ -d node_modules ] || npm install
npx turbo run build --output-logs=errors-only \
  --filter=@dealflow/svc-identity --filter=@dealflow/svc-billing \
  --filter=@dealflow/svc-ingest --filter=@dealflow/svc-crm

for service in identity billing ingest crm; do
  override=$(printenv "$(echo "$service" | tr '[:lower:]' '[:upper:]')_DATABASE_URL" || true)
  if [ -n "$override" ]; then
    url=$override
  else
    url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/" + process.argv[2]; console.log(u.toString())' \
      "$DATABASE_URL" "$service")
  fi
  DATABASE_URL=$url node "svc-$service/dist/migrate.js" up
done
echo "setup.sh: every service's schema is up to date. Start the services (npm start) and sign in."
