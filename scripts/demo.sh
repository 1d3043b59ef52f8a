#!/usr/bin/env bash
# The main job: builds glcompute and runs the example programs standalone, with
# glcompute as the program's libEGL/libGL and no other GL in the process.
source "$(dirname "${BASH_SOURCE[0]}")/setup.sh"

mkdir -p conformance/build
cc -O2 -Wall -o conformance/build/buffers_demo conformance/demo/buffers_demo.c -lEGL -lGL
echo "== buffers_demo (standalone: glcompute run -- ...)"
"$LIBDIR/glcompute" run -- conformance/build/buffers_demo

# The compute-shader tutorial's examples (../shared/specs/compute-shaders-tutorial.md),
# each checked against a CPU reference.
for d in prefix_sum boids; do
    cc -O2 -Wall -o "conformance/build/$d" "conformance/demo/$d.c" -lEGL -lGL -lm
    echo "== $d (tests/in/tutorial/$d.comp, standalone)"
    "$LIBDIR/glcompute" run -- "conformance/build/$d" "tests/in/tutorial/$d.comp"
done

# The tutorial's grid and ray tracer write an rgba32f image with imageStore; the
# program reads it back, checks it against the CPU's picture pixel for pixel and
# writes it to a PNG (conformance/demo/*.png are copies, shown in the README).
cc -O2 -Wall -o conformance/build/tutorial_images conformance/demo/tutorial_images.c -lEGL -lGL -lm -lpng
for d in grid raytrace; do
    echo "== $d (tests/in/tutorial/$d.comp, standalone)"
    "$LIBDIR/glcompute" run -- conformance/build/tutorial_images "$d" "tests/in/tutorial/$d.comp" "conformance/build/$d.png"
done
