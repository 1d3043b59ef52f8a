/* The tutorial's two image examples, run standalone on glcompute the way a headless
 * application runs them: the compute shader writes an rgba32f texture through an image
 * unit, the application reads it back (as floats with glGetTexImage, and as 8-bit
 * pixels through a framebuffer with glReadPixels), checks both against the same
 * picture computed on the CPU, pixel for pixel, and writes the 8-bit picture to a PNG.
 *
 *   tutorial_images grid     tests/in/tutorial/grid.comp     grid.png
 *   tutorial_images raytrace tests/in/tutorial/raytrace.comp raytrace.png
 *
 * grid: 1280x720, 80x45 work groups of 16x16 (one patch each; the tutorial's text
 * says 80x45 groups, its code passes the image size, which would run 256 times more
 * groups whose stores all fall outside the image). raytrace: 512x512, one
 * single-invocation work group per pixel, as in the tutorial. */
#include "../c/harness.h"
#include <math.h>
#include <png.h>

/* The grid shader's colour for the texel of work group (gx, gy). */
static void grid_ref(int x, int y, float *px)
{
    unsigned gx = (unsigned)x / 16, gy = (unsigned)y / 16;
    static const float orange[4] = {1.0f, 0.5f, 0.0f, 1.0f}, blue[4] = {0.0f, 0.5f, 1.0f, 1.0f};
    int is_orange = ((gx & 1u) != 1u) != ((gy & 1u) == 1u);
    memcpy(px, is_orange ? orange : blue, sizeof orange);
}

/* The ray tracer's colour for pixel (x, y) of a w x h image, in the shader's order of
 * operations (single precision, no fused multiply-add). */
static void raytrace_ref(int x, int y, int w, int h, float *px)
{
    const float sphere_c[3] = {0.0f, 0.0f, -10.0f}, sphere_r = 1.0f, max_x = 5.0f, max_y = 5.0f;
    volatile float fx = (float)(x * 2 - w) / (float)w, fy = (float)(y * 2 - h) / (float)h;
    volatile float ray_o[3] = {fx * max_x, fy * max_y, 0.0f};
    const float ray_d[3] = {0.0f, 0.0f, -1.0f};
    volatile float omc[3] = {ray_o[0] - sphere_c[0], ray_o[1] - sphere_c[1], ray_o[2] - sphere_c[2]};
    volatile float p0 = ray_d[0] * omc[0], p1 = ray_d[1] * omc[1], p2 = ray_d[2] * omc[2];
    volatile float b = p0 + p1;
    b = b + p2;
    volatile float q0 = omc[0] * omc[0], q1 = omc[1] * omc[1], q2 = omc[2] * omc[2];
    volatile float d = q0 + q1;
    d = d + q2;
    volatile float rr = sphere_r * sphere_r;
    volatile float c = d - rr;
    volatile float bb = b * b;
    volatile float bsqmc = bb - c;
    const float black[4] = {0.0f, 0.0f, 0.0f, 1.0f}, hit[4] = {0.4f, 0.4f, 1.0f, 1.0f};
    memcpy(px, bsqmc >= 0.0f ? hit : black, sizeof black);
}

/* GL 4.6 §17.4.2 / §2.3.5.2: a float written to an unsigned normalized 8-bit pixel is
 * clamped to [0,1] and becomes round(f * 255). */
static unsigned char to_unorm8(float f)
{
    f = f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
    return (unsigned char)lrintf(f * 255.0f);
}

/* Writes RGBA8 rows, bottom row first as GL returns them, to a PNG (top row first). */
static int write_png(const char *path, const unsigned char *rgba, int w, int h)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        fclose(f);
        return 0;
    }
    png_init_io(png, f);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (int y = h - 1; y >= 0; y--)
        png_write_row(png, (png_const_bytep)(rgba + (size_t)y * (size_t)w * 4));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(f) == 0;
}

int main(int argc, char **argv)
{
    if (argc != 4 || (strcmp(argv[1], "grid") && strcmp(argv[1], "raytrace"))) {
        fprintf(stderr, "usage: %s grid|raytrace SHADER OUT.png\n", argv[0]);
        return 2;
    }
    int grid = !strcmp(argv[1], "grid");
    int w = grid ? 1280 : 512, h = grid ? 720 : 512;
    GLuint groups_x = grid ? 80 : (GLuint)w, groups_y = grid ? 45 : (GLuint)h;
    h_init();
    GLuint prog = h_program(h_load_file(argv[2]));
    if (!prog)
        return 1;

    /* The tutorial's texture: rgba32f, nearest filtering, no mipmaps. */
    GLuint tex;
    glGenTextures(1, &tex);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, w, h, 0, GL_RGBA, GL_FLOAT, NULL);
    glBindImageTexture(0, tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);

    glUseProgram(prog);
    glDispatchCompute(groups_x, groups_y, 1);
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT);

    size_t n = (size_t)w * (size_t)h;
    float *texels = malloc(n * 4 * sizeof(float));
    unsigned char *pixels = malloc(n * 4);
    if (!texels || !pixels)
        return 2;
    glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texels);

    GLuint fb;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_READ_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
    GLenum status = glCheckFramebufferStatus(GL_READ_FRAMEBUFFER);
    glPixelStorei(GL_PACK_ALIGNMENT, 1);
    glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    GLenum err = glGetError();

    long bad_f = 0, bad_8 = 0, lit = 0;
    for (int y = 0; y < h; y++) {
        for (int x = 0; x < w; x++) {
            float ref[4];
            if (grid)
                grid_ref(x, y, ref);
            else
                raytrace_ref(x, y, w, h, ref);
            size_t i = ((size_t)y * (size_t)w + (size_t)x) * 4;
            lit += ref[0] > 0.5f || ref[2] > 0.5f;
            for (int c = 0; c < 4; c++) {
                if (texels[i + c] != ref[c] && bad_f++ < 5)
                    printf("  texel (%d,%d)[%d] = %g, CPU %g\n", x, y, c, texels[i + c], ref[c]);
                if (pixels[i + c] != to_unorm8(ref[c]) && bad_8++ < 5)
                    printf("  pixel (%d,%d)[%d] = %u, CPU %u\n", x, y, c, pixels[i + c], to_unorm8(ref[c]));
            }
        }
    }
    int wrote = write_png(argv[3], pixels, w, h);
    printf("%s: %dx%d rgba32f image, %ux%u work groups; framebuffer %s\n", argv[1], w, h, groups_x, groups_y,
           status == GL_FRAMEBUFFER_COMPLETE ? "complete" : "INCOMPLETE");
    if (grid)
        printf("  pixel (0,0) = (%u,%u,%u,%u), pixel (16,0) = (%u,%u,%u,%u)\n", pixels[0], pixels[1], pixels[2],
               pixels[3], pixels[64], pixels[65], pixels[66], pixels[67]);
    else
        printf("  %ld of %ld pixels hit the sphere\n", lit, (long)n);
    printf("  floats (glGetTexImage) %s the CPU picture; 8-bit pixels (glReadPixels) %s\n",
           bad_f ? "DIFFER from" : "match", bad_8 ? "DIFFER" : "match");
    printf("  %s %s (GL error 0x%x)\n", wrote ? "wrote" : "COULD NOT WRITE", argv[3], err);
    free(texels);
    free(pixels);
    return bad_f || bad_8 || !wrote || err != GL_NO_ERROR || status != GL_FRAMEBUFFER_COMPLETE;
}
