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

/** A canvas that can give a WebGL context: the page's (`<canvas>`) or a worker's (`OffscreenCanvas`). */
export type WebGLCanvas = Pick<HTMLCanvasElement, 'getContext'> | Pick<OffscreenCanvas, 'getContext'>;

/** A WebGL 2 context, else a WebGL one, on a fresh canvas (a canvas keeps the first context it gave), or null. */
function contextOn(canvas: WebGLCanvas, attributes?: WebGLContextAttributes): WebGLRenderingContext | null {
  return canvas.getContext('webgl2', attributes) ?? canvas.getContext('webgl', attributes);
}

/** How `newCanvas`'s browser draws WebGL: each question on a canvas of its own, its context given back at once. */
export function graphicsOf(newCanvas: () => WebGLCanvas): Graphics {
  const context = (attributes?: WebGLContextAttributes) => contextOn(newCanvas(), attributes);
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

/** How a scene's frames are drawn: the drawing buffer's pixels per CSS pixel, and multisampling. */
export interface Drawing {
  pixelRatio: number;
  antialias: boolean;
}

/** Whether WebGL can be drawn at all: null while the graphics are not known yet. */
export function drawsWebGL(graphics: Graphics | null): boolean | null {
  return graphics === null ? null : graphics !== 'none';
}

/** A software rasteriser's pixel ratio: three quarters of the CSS size (decision 0126). */
export const SOFTWARE_PIXEL_RATIO = 0.75;

/**
 * How the salon and the try-on draw (decision 0126; the turntable walks its own ladder, frame-budget.ts).
 * On a GPU: the screen's sharpness (at most 2×) with the browser's multisampling. On a software rasteriser
 * (SwiftShader, llvmpipe: no usable GPU, a blocklisted driver) every sample is CPU work — the salon took
 * 1.3–2.3 s a frame at 1440 × 900 with 4× multisampling on two cores: three quarters of the CSS size
 * without multisampling draws a fraction of the samples, softer, but a room one can walk in. ('none' draws
 * nothing: it has the GPU's answer.)
 */
export function drawingFor(graphics: Graphics, devicePixelRatio: number): Drawing {
  if (graphics === 'software') return { pixelRatio: SOFTWARE_PIXEL_RATIO, antialias: false };
  return { pixelRatio: Math.min(devicePixelRatio || 1, 2), antialias: true };
}
