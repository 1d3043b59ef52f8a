# Sourced by demo.sh and test.sh: installs the Debian packages glcompute's scripts
# need, once, and builds the library. Nothing is installed when everything is there.

set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Headers and link stubs for the C tests (the Khronos headers; glvnd's libEGL/libGL
# stubs are only linked against: at run time glcompute is loaded under their names),
# the loaders and tools the tests drive, valgrind for the race checks, and Mesa
# (llvmpipe) and piglit as the reference and conformance suite, and an X server (Xvfb)
# for interposed mode's GLX tests, and libpng for the demo's pictures.
PACKAGES="gcc pkg-config libegl-dev libgl-dev libgles-dev libepoxy-dev waffle-utils valgrind piglit libgl1-mesa-dri libegl-mesa0 glslang-tools spirv-tools libx11-dev xvfb xauth libpng-dev"

need_install=0
for p in $PACKAGES; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        need_install=1
    fi
done
if [ "$need_install" = 1 ]; then
    SUDO=""
    if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
    echo "== installing Debian packages: $PACKAGES"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $PACKAGES >/dev/null
fi

echo "== cargo build --release"
cargo build --release --quiet
LIBDIR="$ROOT/target/release"
GLDIR="$LIBDIR/gl"
export LIBDIR GLDIR
