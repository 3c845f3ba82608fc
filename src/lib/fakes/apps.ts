import type { Hono } from 'hono';
import type { DemoServiceId } from './services';
import { createBibleApp } from './bible/app';
import { createCodehostApp } from './codehost/app';
import { createEnergyApp } from './energy/app';

export const createFakeApp: Record<DemoServiceId, () => Hono> = {
	codehost: createCodehostApp,
	energy: createEnergyApp,
	bible: createBibleApp
};
