import QRCode from 'qrcode';

/**
 * The enrolment QR code as GoTrue returns it in `totp.qr_code`: a bare `<svg>` of the otpauth URI at error
 * correction level M, which supabase-js turns into `data:image/svg+xml;utf-8,<svg…>` for an `<img src>`.
 *
 * That data URI is not percent-encoded, so a `#` in the SVG would end it (the rest becomes a fragment) and
 * the image would break; qrcode writes its colours as hex, so they are swapped for colour names here.
 */
export async function totpQrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 200 });
  const named = svg.replace(/"#ffffff"/gi, '"white"').replace(/"#000000"/g, '"black"');
  if (named.includes('#')) throw new Error('QR code SVG still contains "#", which would break its data URI');
  return named.trim();
}
