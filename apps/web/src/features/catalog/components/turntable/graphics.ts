/**
 * How the browser draws WebGL: on a GPU ('hardware'), in software on the CPU ('software'), or not at
 * all ('none'). Software is what the browser says: a context refused with `failIfMajorPerformanceCaveat`
 * (a blocklisted GPU), or a renderer named as a software rasteriser (Chromium's SwiftShader, Mesa's
 * llvmpipe, Windows' Basic Render Driver), as headless browsers and GPU-less machines report.
 *
 * No imports: the graphics probe's worker (graphics-probe.worker.ts) runs it on its own canvases.
 */
export type Graphics = 'hardware' | 'software' | 'none';

export const GRAPHICS: readonly Graphics[] = ['hardware', 'software', 'none'];

/** The renderer names of software rasterisers. */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|lavapipe|software|basic render/i;

/** The renderer's name: unmasked where the browser gives it (Chromium), else the (already unmasked, or generic) RENDERER. */
export function rendererName(gl: WebGLRenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const name: unknown = gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER);
  return typeof name === 'string' ? name : '';
}

/** Contexts are few (about sixteen per page): a probe's is given back at once. */
function release(gl: WebGLRenderingContext): void {
  gl.getExtension('WEBGL_lose_context')?.loseContext();
}

/** `context` gives a WebGL context on a fresh canvas (a canvas keeps the first context it gave), or null. */
export function graphicsOf(context: (attributes?: WebGLContextAttributes) => WebGLRenderingContext | null): Graphics {
  try {
    const gpu = context({ failIfMajorPerformanceCaveat: true });
    if (gpu) {
      const software = SOFTWARE_RENDERER.test(rendererName(gpu));
      release(gpu);
      return software ? 'software' : 'hardware';
    }
    const any = context();
    if (!any) return 'none';
    release(any);
    return 'software';
  } catch {
    return 'none';
  }
}
