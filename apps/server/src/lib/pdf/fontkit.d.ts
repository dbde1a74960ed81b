// fontkit 2 ships no types; pdfkit's own dependency, used here only to parse a TTF once (fonts.ts).
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): unknown
}
