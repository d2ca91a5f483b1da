declare module 'virtual:mediapipe-hands' {
  /** URL of the self-hosted @mediapipe/hands folder (hands.js, its wasm, graph and model), ending in '/'. */
  const base: string;
  export default base;
}
