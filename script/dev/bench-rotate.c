// What turning the picture costs SDL's software renderer per frame (script/dev/bench-rotate):
// a 1280×800 window, the picture drawn into a target texture of the turned size, then
//   upright  the plain copy of a texture of the screen's size, as an upright screen's frame;
//   turned   SDL_RenderCopyExF at 90°, as Renderer+Rotation presents;
//   readback the picture read back, turned by a blocked loop into a streaming texture, copied.
// Prints milliseconds per frame over 200 frames; NOPRESENT=1 leaves out presenting.
#include <SDL2/SDL.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double now(void) { return (double)SDL_GetPerformanceCounter() / SDL_GetPerformanceFrequency(); }

int main(int argc, char **argv) {
  const int W = 1280, H = 800, N = 200;
  const char *mode = argc > 1 ? argv[1] : "turned";
  if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "%s\n", SDL_GetError()); return 1; }
  SDL_Window *window = SDL_CreateWindow("bench-rotate", 0, 0, W, H, 0);
  SDL_Renderer *r = window ? SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE) : NULL;
  if (!r) { fprintf(stderr, "%s\n", SDL_GetError()); return 1; }
  Uint32 format = SDL_GetWindowPixelFormat(window);
  SDL_Texture *picture = SDL_CreateTexture(r, format, SDL_TEXTUREACCESS_TARGET, H, W);
  SDL_Texture *screen = SDL_CreateTexture(r, format, SDL_TEXTUREACCESS_STREAMING, W, H);
  SDL_SetTextureBlendMode(picture, SDL_BLENDMODE_NONE);
  SDL_SetTextureBlendMode(screen, SDL_BLENDMODE_NONE);
  Uint32 *pixels = malloc((size_t)W * H * 4);
  double start = now();
  for (int i = 0; i < N; i++) {
    SDL_SetRenderTarget(r, picture);
    SDL_SetRenderDrawColor(r, i, 0, 0, 255);
    SDL_RenderClear(r);
    if (!strcmp(mode, "readback")) SDL_RenderReadPixels(r, NULL, format, pixels, H * 4);
    SDL_SetRenderTarget(r, NULL);
    if (!strcmp(mode, "turned")) {
      SDL_FRect d = { (W - H) / 2.0f, (H - W) / 2.0f, H, W };
      SDL_RenderCopyExF(r, picture, NULL, &d, 90, NULL, SDL_FLIP_NONE);
    } else {
      if (!strcmp(mode, "readback")) {
        void *out; int pitch;
        SDL_LockTexture(screen, NULL, &out, &pitch);
        // 90° clockwise: the screen's (x, y) shows the picture's (y, H - 1 - x)… of a picture H wide.
        for (int by = 0; by < H; by += 32)
          for (int bx = 0; bx < W; bx += 32)
            for (int y = by; y < by + 32 && y < H; y++) {
              Uint32 *row = (Uint32 *)((char *)out + (size_t)y * pitch);
              for (int x = bx; x < bx + 32 && x < W; x++) row[x] = pixels[(size_t)(W - 1 - x) * H + y];
            }
        SDL_UnlockTexture(screen);
      }
      SDL_RenderCopy(r, screen, NULL, NULL);
    }
    if (getenv("NOPRESENT")) SDL_RenderFlush(r); else SDL_RenderPresent(r);
  }
  printf("%-8s %s %s: %.2f ms per frame\n", mode, SDL_GetCurrentVideoDriver(), getenv("NOPRESENT") ? "no present" : "presented",
         (now() - start) * 1000 / N);
  return 0;
}
