/** The token the demo energy service accepts (EN-AUTH-1); the demo transport sends it. */
export const DEMO_ENERGY_TOKEN = 'demo-energy-token';
