import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { VenuePoint } from '@magiim/shared';

/** OpenStreetMap's standard tiles; their use asks for the attribution shown on the map. */
const TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** Close enough to see the streets around a hall. */
const ZOOM = 16;
/** One arrow key press moves the pin about 10 m (a hall's gate is found in a few presses). */
const KEY_STEP = 0.0001;

/** The pin drawn in CSS (no image files to bundle); the design's primary colour. */
const pinIcon = () =>
  L.divIcon({
    className: 'venue-pin',
    html: '<span aria-hidden="true" style="display:block;width:28px;height:28px;border-radius:50% 50% 50% 0;background:#6457E6;border:3px solid #fff;box-shadow:0 2px 6px rgba(42,36,51,.4);transform:rotate(-45deg)"></span>',
    iconSize: [28, 28],
    iconAnchor: [14, 28],
  });

export interface VenueMapProps {
  /** Where the pin stands now (the host's pin, else the place's centre). */
  point: VenuePoint;
  /** The host moved the pin (drag, a tap on the map, or an arrow key on the focused pin). */
  onMove: (point: VenuePoint) => void;
  /** The map's accessible name and the pin's. */
  label: string;
  pinLabel: string;
}

const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Leaflet with OpenStreetMap tiles, loaded only on the wizard's location step (this module is imported lazily).
 * Tiles that cannot load (offline, tests) leave a grey map; the pin still moves.
 */
export default function VenueMap({ point, onMove, label, pinLabel }: VenueMapProps) {
  const container = useRef<HTMLDivElement | null>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.Marker | null>(null);
  const move = useRef(onMove);
  move.current = onMove;

  useEffect(() => {
    if (!container.current) return undefined;
    const created = L.map(container.current, { center: [point.lat, point.lng], zoom: ZOOM, attributionControl: true });
    L.tileLayer(TILES, { maxZoom: 19, attribution: ATTRIBUTION }).addTo(created);
    const pin = L.marker([point.lat, point.lng], { draggable: true, keyboard: true, title: pinLabel, alt: pinLabel, icon: pinIcon() }).addTo(created);
    const report = (at: L.LatLng) => move.current({ lat: rounded(at.lat), lng: rounded(at.lng) });
    pin.on('dragend', () => report(pin.getLatLng()));
    created.on('click', (event: L.LeafletMouseEvent) => {
      pin.setLatLng(event.latlng);
      report(event.latlng);
    });
    const element = pin.getElement();
    element?.setAttribute('role', 'button');
    element?.setAttribute('aria-label', pinLabel);
    element?.addEventListener('keydown', (event: KeyboardEvent) => {
      const steps: Record<string, [number, number]> = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowRight: [0, 1], ArrowLeft: [0, -1] };
      const step = steps[event.key];
      if (!step) return;
      event.preventDefault();
      event.stopPropagation();
      const at = pin.getLatLng();
      const next = L.latLng(at.lat + step[0] * KEY_STEP, at.lng + step[1] * KEY_STEP);
      pin.setLatLng(next);
      created.panTo(next);
      report(next);
    });
    map.current = created;
    marker.current = pin;
    return () => {
      created.remove();
      map.current = null;
      marker.current = null;
    };
    // The map is created once; the point follows below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const pin = marker.current;
    if (!pin) return;
    const at = pin.getLatLng();
    if (rounded(at.lat) === rounded(point.lat) && rounded(at.lng) === rounded(point.lng)) return;
    pin.setLatLng([point.lat, point.lng]);
    map.current?.panTo([point.lat, point.lng]);
  }, [point.lat, point.lng]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={label}
      data-testid="venue-map"
      // Leaflet lays its panes out left to right whatever the page's direction.
      dir="ltr"
      sx={{ height: 280, borderRadius: '10px', overflow: 'hidden', border: 1, borderColor: 'divider', mt: 1 }}
    />
  );
}
