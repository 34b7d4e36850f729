#!/usr/bin/env node
/**
 * Renders the demo catalogue's tour video: the desert scenes of public/images/demo panned slowly,
 * recorded by Chromium's MediaRecorder into a small WebM (no camera, no downloads). The output is
 * committed as public/videos/desert-safari.webm, the offline default a tour page plays in place
 * after the visitor's click; re-run only to change it:
 *
 *   node scripts/generate-demo-video.mjs
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright';

const SCENES = ['desert-sunset', 'safari-jeep', 'desert-camp-night', 'camel-caravan'];
const SECONDS_PER_SCENE = 1.5;
const OUT = path.join(process.cwd(), 'public', 'videos', 'desert-safari.webm');
const browserPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const images = await Promise.all(
  SCENES.map(async (scene) => `data:image/webp;base64,${(await readFile(path.join(process.cwd(), 'public', 'images', 'demo', `${scene}.webp`))).toString('base64')}`),
);
const browser = await chromium.launch({ executablePath: browserPath });
try {
  const page = await browser.newPage();
  const base64 = await page.evaluate(
    async ({ images, seconds }) => {
      const canvas = document.createElement('canvas');
      canvas.width = 640;
      canvas.height = 360;
      const context = canvas.getContext('2d');
      const pictures = await Promise.all(images.map((src) => new Promise((resolve) => { const image = new Image(); image.onload = () => resolve(image); image.src = src; })));
      const stream = canvas.captureStream(25);
      const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 350_000 });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const done = new Promise((resolve) => (recorder.onstop = resolve));
      const total = seconds * pictures.length * 1000;
      const start = performance.now();
      recorder.start();
      await new Promise((resolve) => {
        const frame = () => {
          const elapsed = performance.now() - start;
          if (elapsed >= total) return resolve();
          const index = Math.min(pictures.length - 1, Math.floor(elapsed / (seconds * 1000)));
          const progress = (elapsed % (seconds * 1000)) / (seconds * 1000);
          const zoom = 1.15 - 0.15 * progress;
          const width = 640 * zoom;
          const height = 400 * zoom;
          context.drawImage(pictures[index], (640 - width) / 2 - 20 * progress, (360 - height) / 2, width, height);
          requestAnimationFrame(frame);
        };
        frame();
      });
      recorder.stop();
      await done;
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { images, seconds: SECONDS_PER_SCENE },
  );
  await writeFile(OUT, Buffer.from(base64, 'base64'));
  console.log(`${OUT}: ${Math.round(Buffer.from(base64, 'base64').length / 1024)} KB`);
} finally {
  await browser.close();
}
