#!/usr/bin/env bash
# Builds the DocC archives of the public products (QuartzCore, QuartzCoreDisplay, QuartzCoreTesting)
# into .build/docs/<Module>.doccarchive; DocC's warnings are errors.
#
# The QuartzCore module re-exports the model (the QuartzCoreModel target), and SwiftPM's symbol
# graphs leave re-exported symbols out, so the model's graphs are handed to DocC as part of the
# QuartzCore module: users see one module, as they import one.
set -euo pipefail
cd "$(dirname "$0")/.."
swift package dump-symbol-graph --minimum-access-level public >/dev/null
graphs=.build/$(uname -m)-unknown-linux-gnu/symbolgraph
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p .build/docs

# document MODULE CATALOG GRAPH...: the module's archive from its catalog and symbol graph files;
# a graph of another module (the re-exported model) is renamed into MODULE.
document() {
  local module=$1 catalog=$2
  shift 2
  local dir="$work/$module"
  mkdir -p "$dir"
  for graph in "$@"; do
    local name; name=$(basename "$graph")
    local source_module=${name%%[.@]*}
    sed "s/\"module\":{\"name\":\"$source_module\"/\"module\":{\"name\":\"$module\"/" "$graph" \
      > "$dir/$module${name#"$source_module"}"
  done
  docc convert "$catalog" --additional-symbol-graph-dir "$dir" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.openquartzcore.$module" \
    --output-path ".build/docs/$module.doccarchive" --warnings-as-errors
}

# The model's graph and the QuartzCore target's own are both named QuartzCore; each keeps its own
# file (the model's as QuartzCore.model…), and DocC merges files of one module.
cp "$graphs/QuartzCoreModel.symbols.json" "$work/QuartzCoreModel.model.symbols.json"
document QuartzCore Sources/QuartzCore/QuartzCore.docc \
  "$graphs/QuartzCore.symbols.json" "$work/QuartzCoreModel.model.symbols.json" \
  "$graphs"/QuartzCoreModel@*.symbols.json
document QuartzCoreDisplay Sources/QuartzCoreDisplay/QuartzCoreDisplay.docc "$graphs"/QuartzCoreDisplay*.symbols.json
document QuartzCoreTesting Sources/QuartzCoreTesting/QuartzCoreTesting.docc "$graphs"/QuartzCoreTesting*.symbols.json
