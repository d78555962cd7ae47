import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '@magiim/shared';
import { isApiError } from '../../../app/api-error';
import { showToast } from '../../../components/toast-store';
import { fetchSpeech } from '../api';

/** One thing the host asked to hear: a part, or the whole call (several texts played one after another). */
export interface PreviewRequest {
  /** What is playing: a part's name, or `whole`. */
  id: string;
  lang: Lang;
  /** The filled texts, in order; each is read on its own (a part is at most a few sentences). */
  items: { key: string; text: string }[];
}

export type PreviewStatus = 'idle' | 'loading' | 'playing';

interface PreviewState {
  status: PreviewStatus;
  /** The request playing or loading. */
  id: string | null;
  /** The item of the request being heard now. */
  itemKey: string | null;
}

interface PreviewApi extends PreviewState {
  play: (request: PreviewRequest) => void;
  stop: () => void;
}

/** Sounds kept in memory (a whole call is five). */
const HEARD_KEPT = 20;

const PreviewContext = createContext<PreviewApi | null>(null);

export const useCallPreview = (): PreviewApi => {
  const api = useContext(PreviewContext);
  if (!api) throw new Error('useCallPreview outside CallPreviewProvider');
  return api;
};

/**
 * One `<audio>` element for the page: a request's texts are turned into speech by the server (all at once), then
 * played in turn. A new request, Stop, or leaving the page cancels what is loading and stops the sound.
 */
export function CallPreviewProvider({ eventId, children }: { eventId: string; children: ReactNode }) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const urls = useRef<string[]>([]);
  const keys = useRef<string[]>([]);
  const index = useRef(0);
  const loading = useRef<AbortController | null>(null);
  const heard = useRef(new Map<string, Blob>());
  const [state, setState] = useState<PreviewState>({ status: 'idle', id: null, itemKey: null });

  const release = () => {
    for (const url of urls.current) URL.revokeObjectURL(url);
    urls.current = [];
    keys.current = [];
  };

  const stop = useCallback(() => {
    loading.current?.abort();
    loading.current = null;
    audio.current?.pause();
    setState({ status: 'idle', id: null, itemKey: null });
  }, []);

  const playAt = useCallback((at: number, id: string) => {
    const element = audio.current;
    const url = urls.current[at];
    if (!element || !url) {
      setState({ status: 'idle', id: null, itemKey: null });
      return;
    }
    index.current = at;
    element.src = url;
    setState({ status: 'playing', id, itemKey: keys.current[at] ?? null });
    element.play().catch((error: unknown) => {
      // A newer request replaced this one (AbortError); anything else means this browser cannot play it.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      showToast('callScript.preview.cannotPlay', 'error');
      setState({ status: 'idle', id: null, itemKey: null });
    });
  }, []);

  const play = useCallback(
    (request: PreviewRequest) => {
      stop();
      const controller = new AbortController();
      loading.current = controller;
      setState({ status: 'loading', id: request.id, itemKey: request.items[0]?.key ?? null });
      const speak = async (text: string): Promise<Blob> => {
        const key = `${request.lang}\n${text}`;
        const known = heard.current.get(key);
        if (known) return known;
        const blob = await fetchSpeech(eventId, { lang: request.lang, text }, controller.signal);
        heard.current.set(key, blob);
        // The last few sounds are kept: listening again to an unchanged part asks the server nothing.
        if (heard.current.size > HEARD_KEPT) heard.current.delete(heard.current.keys().next().value!);
        return blob;
      };
      Promise.all(request.items.map((item) => speak(item.text)))
        .then((blobs) => {
          if (controller.signal.aborted) return;
          loading.current = null;
          release();
          urls.current = blobs.map((blob) => URL.createObjectURL(blob));
          keys.current = request.items.map((item) => item.key);
          playAt(0, request.id);
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          loading.current = null;
          setState({ status: 'idle', id: null, itemKey: null });
          if (isApiError(error) && error.handledGlobally) return;
          showToast(isApiError(error) ? `errors.${error.code}` : 'errors.INTERNAL', 'error');
        });
    },
    [eventId, playAt, stop],
  );

  const onEnded = () => {
    const next = index.current + 1;
    if (state.id && next < urls.current.length) playAt(next, state.id);
    else setState({ status: 'idle', id: null, itemKey: null });
  };

  useEffect(
    () => () => {
      loading.current?.abort();
      audio.current?.pause();
      release();
    },
    [],
  );

  const api = useMemo(() => ({ ...state, play, stop }), [state, play, stop]);
  return (
    <PreviewContext.Provider value={api}>
      {children}
      {/* The sound itself; the page shows what it says (the transcript), so it needs no controls of its own. */}
      <audio ref={audio} onEnded={onEnded} preload="auto" data-testid="call-audio" data-state={state.status} hidden />
    </PreviewContext.Provider>
  );
}
