import { useEffect, useRef, useState } from 'react';
import { en } from '@/i18n/en';
import '../check-in.css';

const t = en.checkIn;

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorCtor = new (options?: { formats?: string[] }) => BarcodeDetectorLike;

/** Frames are read a few times a second: enough at a door, and kind to a cheap phone's battery. */
const FRAME_INTERVAL_MS = 250;
/** The same QR code held in front of the camera is reported once in this time. */
const REPEAT_MS = 3000;
/** jsQR works on a downscaled frame: faster, and still plenty for a ticket on a phone. */
const MAX_SIDE = 640;

/**
 * The camera, reading QR codes: the browser's BarcodeDetector where it exists, else jsQR on canvas
 * frames. The camera stops when this component goes away (leaving the page, or 'Stop camera').
 */
export function QrScanner({ onCode }: { onCode: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onCodeRef = useRef(onCode);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    onCodeRef.current = onCode;
  }, [onCode]);

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let last = { text: '', at: 0 };
    const canvas = document.createElement('canvas');
    const videoEl = videoRef.current;

    const stopStream = () => stream?.getTracks().forEach((track) => track.stop());

    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setError(t.cameraUnavailable);
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (!stopped) setError(t.cameraDenied);
        return;
      }
      if (stopped) {
        stopStream();
        return;
      }
      const video = videoEl;
      if (!video) return;
      video.srcObject = stream;
      try {
        await video.play();
      } catch {
        // autoplay refused: frames still arrive once the element is shown
      }

      const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorCtor }).BarcodeDetector;
      let detector: BarcodeDetectorLike | null = null;
      if ('BarcodeDetector' in window && Detector) {
        try {
          detector = new Detector({ formats: ['qr_code'] });
        } catch {
          detector = null;
        }
      }
      const jsQR = detector ? null : (await import('jsqr')).default;

      const read = async (): Promise<string | null> => {
        if (video.readyState < 2 || !video.videoWidth) return null;
        if (detector) {
          const codes = await detector.detect(video);
          return codes[0]?.rawValue ?? null;
        }
        const scale = Math.min(1, MAX_SIDE / Math.max(video.videoWidth, video.videoHeight));
        const w = Math.round(video.videoWidth * scale);
        const h = Math.round(video.videoHeight * scale);
        canvas.width = w;
        canvas.height = h;
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx || !jsQR) return null;
        ctx.drawImage(video, 0, 0, w, h);
        const image = ctx.getImageData(0, 0, w, h);
        return jsQR(image.data, w, h, { inversionAttempts: 'dontInvert' })?.data ?? null;
      };

      const tick = async () => {
        if (stopped) return;
        try {
          const text = (await read())?.trim();
          const now = Date.now();
          if (text && !stopped && (text !== last.text || now - last.at > REPEAT_MS)) {
            last = { text, at: now };
            onCodeRef.current(text);
          }
        } catch {
          // a frame that could not be read: try the next one
        }
        if (!stopped) timer = setTimeout(() => void tick(), FRAME_INTERVAL_MS);
      };
      void tick();
    };

    void start();
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stopStream();
      if (videoEl) videoEl.srcObject = null;
    };
  }, []);

  if (error) {
    return (
      <p className="alert alert-error" role="alert">
        {error}
      </p>
    );
  }
  return <video ref={videoRef} className="check-in-video" muted playsInline aria-label={t.scannerLabel} />;
}
