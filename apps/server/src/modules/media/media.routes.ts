import type { FastifyInstance } from 'fastify';

// Placeholder: serves stored files under /media/* (outside /api: images load without headers).
export const registerMediaRoutes = async (_app: FastifyInstance) => {};
