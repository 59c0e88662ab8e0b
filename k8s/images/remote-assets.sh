#!/bin/sh
# remote-assets.sh PREVIOUS NEW: a remote's image keeps the previous release's hashed chunks.
# NEW gets .release-assets, the list of its own hashed files (content-addressed: name.<hash>.js|css),
# then every file of PREVIOUS's list that NEW lacks is copied in. Only the previous release's own files
# are carried (not what it had carried itself), so an image holds at most two releases' chunks. Entry
# files and the manifest (unhashed, served no-cache) always come from NEW.
set -eu
previous=$1
new=$2
(cd "$new" && find . -type f | grep -E '\.[0-9a-f]{8,}\.(js|css)$' | sed 's|^\./||' | sort) >"$new/.release-assets"
carried=0
if [ -f "$previous/.release-assets" ]; then
  while IFS= read -r file; do
    case $file in */../* | ../* | /*) continue ;; esac
    if [ ! -e "$new/$file" ] && [ -f "$previous/$file" ]; then
      mkdir -p "$new/$(dirname "$file")"
      cp "$previous/$file" "$new/$file"
      carried=$((carried + 1))
    fi
  done <"$previous/.release-assets"
fi
echo "remote-assets: $(wc -l <"$new/.release-assets") files of this release, $carried carried from the previous one"
