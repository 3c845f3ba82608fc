import type { Hono } from 'hono';
import type { ServiceId } from '../settings/connection';
import { createBibleApp } from './bible/app';
import { createCodehostApp } from './codehost/app';
import { createEnergyApp } from './energy/app';

export const createFakeApp: Record<ServiceId, () => Hono> = {
	codehost: createCodehostApp,
	energy: createEnergyApp,
	bible: createBibleApp
};
