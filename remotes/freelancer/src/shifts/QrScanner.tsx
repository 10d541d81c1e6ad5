import { MESSAGES, normalizePresenceCode } from '@turno/domain';
import { useEffect, useRef } from 'react';
import { qrDetector } from './geolocation';

export interface QrScannerProps {
  /** The 6 digits read from the store's QR code. */
  onCode: (code: string) => void;
  onFail: (message: string) => void;
}

/** The back camera read by the browser's BarcodeDetector until a presence code shows up. */
export function QrScanner({ onCode, onFail }: QrScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const detector = qrDetector();
    let stream: MediaStream | null = null;
    let frame = 0;
    let stopped = false;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((track) => track.stop());
    };
    void (async () => {
      try {
        if (!detector) throw new Error('no detector');
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        if (stopped || !video.current) return stop();
        video.current.srcObject = stream;
        await video.current.play();
        const scan = async () => {
          if (stopped || !video.current) return;
          const found = (await detector.detect(video.current)).map((code) =>
            normalizePresenceCode(code.rawValue),
          );
          const code = found.find(Boolean);
          if (code) {
            stop();
            onCode(code);
          } else frame = requestAnimationFrame(() => void scan());
        };
        await scan();
      } catch {
        stop();
        onFail(MESSAGES.presence.cameraUnavailable);
      }
    })();
    return stop;
    // Once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <div className="t-stack" style={{ gap: 4 }}>
      <p className="t-muted" style={{ margin: 0, fontSize: 14 }}>
        {MESSAGES.presence.scanning}
      </p>
      <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8, background: '#000' }} />
    </div>
  );
}

/** True where the browser can read QR codes (BarcodeDetector) and has a camera API. */
QrScanner.available = () =>
  qrDetector() !== null && Boolean(globalThis.navigator?.mediaDevices?.getUserMedia);
