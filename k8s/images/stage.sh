#!/bin/sh
# The build steps of the images, shared by the Dockerfiles and scripts/image-check.sh (which runs them on a
# clean clone where no Docker engine is available), so both do exactly the same thing.
#   stage.sh prune WORKSPACE OUT   pruned workspace (turbo prune --docker): OUT/json (manifests), OUT/full
#   stage.sh install DIR           every dependency of the pruned workspace, to build it
#   stage.sh build DIR WORKSPACE   turbo build of WORKSPACE and what it depends on (the gateway: the shell too)
#   stage.sh prod-deps DIR WS      production dependencies of WS only: the workspaces it needs at run time
#   stage.sh assemble BUILD DIR    the built dist/ of each workspace kept in DIR (and shell/dist) from BUILD
set -eu
TURBO_VERSION=2.11.11
scopes() { if [ "$1" = gateway ]; then echo "@dealflow/gateway @dealflow/shell"; else echo "@dealflow/$1"; fi; }
step=$1
shift
case $step in
  prune)
    # shellcheck disable=SC2046
    npx --yes "turbo@$TURBO_VERSION" prune $(scopes "$1") --docker --out-dir "$2"
    # root files the workspaces' builds extend, which turbo prune does not carry
    cp tsconfig*.json "$2/full/"
    ;;
  install)
    cd "$1" && npm install --no-audit --no-fund --loglevel=error
    ;;
  build)
    cd "$1"
    filters=""
    for s in $(scopes "$2"); do filters="$filters --filter=$s..."; done
    # shellcheck disable=SC2086
    TURBO_TELEMETRY_DISABLED=1 npx --no-install turbo run build $filters --output-logs=errors-only
    # the service image copies shell/dist (the gateway serves it): an empty folder elsewhere
    mkdir -p shell/dist
    ;;
  prod-deps)
    # A workspace is always installed with its own dependencies, so the pruned tree would bring dev-stack
    # (embedded PostgreSQL, the mokapi broker: a devDependency of every service) and, for the gateway, the
    # shell's React and Fluent UI. Keep only WS and the workspaces it depends on at run time.
    cd "$1"
    WS=$2 node -e '
      const fs = require("fs");
      const read = (f) => JSON.parse(fs.readFileSync(f, "utf8"));
      const root = read("package.json");
      const byName = new Map(root.workspaces.map((w) => [read(w + "/package.json").name, w]));
      const keep = new Set();
      const visit = (w) => {
        if (keep.has(w)) return;
        keep.add(w);
        for (const dep of Object.keys(read(w + "/package.json").dependencies ?? {})) if (byName.has(dep)) visit(byName.get(dep));
      };
      visit(process.env.WS);
      for (const w of root.workspaces) {
        if (!keep.has(w)) { fs.rmSync(w, { recursive: true }); continue; }
        const pkg = read(w + "/package.json");
        delete pkg.devDependencies;
        fs.writeFileSync(w + "/package.json", JSON.stringify(pkg, null, 2));
      }
      root.workspaces = [...keep];
      delete root.devDependencies;
      fs.writeFileSync("package.json", JSON.stringify(root, null, 2));'
    # svc-ingest's OCR packages (tesseract.js, its data, @napi-rs/canvas: ~100 MB) are optional and left
    # out unless OCR=on; it then runs with OCR off (its README). Only there: other services' optional
    # dependencies are platform binaries they need (argon2).
    omit="--omit=dev"
    [ "$2" != svc-ingest ] || [ "${OCR:-off}" = on ] || omit="$omit --omit=optional"
    npm install $omit --no-audit --no-fund --loglevel=error
    npm cache clean --force --loglevel=error
    # Source maps and type declarations are never loaded at run time: about a third of what openai,
    # pdfjs-dist and @opentelemetry install. (Workspace links are not followed: their dist is copied later.)
    find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete
    ;;
  assemble)
    for w in $(cd "$2" && node -p 'require("./package.json").workspaces.join(" ")'); do
      rm -rf "$2/$w/dist" && cp -R "$1/$w/dist" "$2/$w/dist"
    done
    mkdir -p "$2/shell" && cp -R "$1/shell/dist" "$2/shell/dist"
    ;;
  *)
    echo "stage.sh: unknown step $step" >&2
    exit 2
    ;;
esac
