/**
 * Writes the demo catalogue's product pictures: one 1000 × 1000 JPEG per distinct image file, drawn
 * with sharp from an SVG (background colour, a stylised machine shape that varies with the image
 * position, the caption and, for per-product files, the sku). Existing files are kept, so seeding
 * again is cheap.
 */
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, join } from 'node:path';
import sharp from 'sharp';
import type { SeedCatalogue, SeedImage } from './types.ts';

const SIZE = 1000;
const JPEG_QUALITY = 80;

interface ImageJob {
  path: string;
  image: SeedImage;
  /** Set for per-product files; pooled files (shared by many products) carry no sku. */
  sku: string | undefined;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Dark ink on light backgrounds, white on dark ones. */
function inkFor(hex: string): string {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return '#1a1a1a';
  const [r = 0, g = 0, b = 0] = [m[1], m[2], m[3]].map((c) => parseInt(c ?? '0', 16) / 255);
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance > 0.55 ? '#1a1a1a' : '#ffffff';
}

/** A simple silhouette; each position shows a different "view" of the machine. */
function shape(position: number, ink: string): string {
  const body = `fill="${ink}" fill-opacity="0.85"`;
  const line = `fill="none" stroke="${ink}" stroke-width="18" stroke-linecap="round" stroke-opacity="0.85"`;
  switch ((position - 1) % 5) {
    case 0: // front view: body on wheels with a handle
      return `<rect x="330" y="300" width="340" height="330" rx="48" ${body}/>
<path d="M390 300 V200 H610 V300" ${line}/>
<circle cx="380" cy="660" r="55" ${body}/><circle cx="620" cy="660" r="55" ${body}/>
<rect x="380" y="360" width="240" height="60" rx="20" fill-opacity="0.25" fill="#ffffff"/>`;
    case 1: // side view: body with a hose and spray lance
      return `<rect x="250" y="330" width="300" height="280" rx="40" ${body}/>
<circle cx="320" cy="640" r="50" ${body}/>
<path d="M550 420 C700 420 640 560 760 540 L820 330" ${line}/>
<rect x="800" y="270" width="40" height="90" rx="12" ${body}/>`;
    case 2: // detail: nozzle close-up
      return `<circle cx="500" cy="450" r="210" ${body}/>
<circle cx="500" cy="450" r="120" fill="#ffffff" fill-opacity="0.35"/>
<circle cx="500" cy="450" r="40" ${body}/>`;
    case 3: // bottle / container
      return `<rect x="390" y="250" width="220" height="420" rx="50" ${body}/>
<rect x="455" y="190" width="90" height="70" rx="14" ${body}/>
<rect x="420" y="380" width="160" height="140" rx="16" fill="#ffffff" fill-opacity="0.35"/>`;
    default: // in use: machine with a cleaned surface below it
      return `<rect x="370" y="280" width="260" height="260" rx="36" ${body}/>
<path d="M250 640 H750" ${line}/><path d="M300 600 L340 560 M460 600 L500 560 M620 600 L660 560" ${line}/>`;
  }
}

function svgFor(job: ImageJob): string {
  const { image, sku } = job;
  const ink = inkFor(image.colour);
  const caption = escapeXml(image.caption);
  const skuText = sku
    ? `<text x="500" y="900" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" text-anchor="middle" fill="${ink}" fill-opacity="0.75">${escapeXml(sku)}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<rect width="${SIZE}" height="${SIZE}" fill="${escapeXml(image.colour)}"/>
<circle cx="500" cy="450" r="330" fill="#ffffff" fill-opacity="0.18"/>
${shape(image.position, ink)}
<text x="500" y="820" font-family="DejaVu Sans, Arial, sans-serif" font-size="64" font-weight="bold" text-anchor="middle" fill="${ink}">${caption}</text>
${skuText}
</svg>`;
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

async function writeOne(job: ImageJob): Promise<boolean> {
  if (await exists(job.path)) return false;
  await mkdir(dirname(job.path), { recursive: true });
  // Write next to the target and rename, so an interrupted run never leaves a truncated JPEG behind.
  const temporary = `${job.path}.${String(process.pid)}.tmp`;
  try {
    await sharp(Buffer.from(svgFor(job)))
      .jpeg({ quality: JPEG_QUALITY, optimiseCoding: false }) // Huffman optimisation costs ~30 % time for ~2 % size
      .toFile(temporary);
    await rename(temporary, job.path);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  return true;
}

/**
 * Writes every distinct image file of the catalogue once to `${mediaDir}/catalog/product${file}`.
 * Files that already exist are skipped. Returns how many files were written.
 */
export async function writeProductImages(
  catalogue: SeedCatalogue,
  mediaDir: string,
  options: { concurrency?: number } = {},
): Promise<number> {
  const jobs = new Map<string, ImageJob>();
  for (const product of catalogue.products) {
    const own = `${product.sku.toLowerCase()}-`;
    for (const image of product.images) {
      if (jobs.has(image.file)) continue;
      jobs.set(image.file, {
        path: join(mediaDir, 'catalog', 'product', image.file),
        image,
        // Per-product files are named after the sku; pooled files (shared by many products) are not.
        sku: basename(image.file).startsWith(own) ? product.sku : undefined,
      });
    }
  }

  const queue = [...jobs.values()];
  // sharp runs each pipeline on libuv's pool; a few more jobs than cores overlaps encoding with file I/O.
  const concurrency = Math.max(1, options.concurrency ?? Math.max(4, availableParallelism()));
  let written = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < queue.length) {
      const job = queue[next++];
      if (job && (await writeOne(job))) written++;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
  return written;
}
