/** TRX amounts as exact integers of sun (1 TRX = 1,000,000 sun), as the service computes them. */

const SUN = 1_000_000n;

export function toSun(decimal: string): bigint {
	const [int = '0', frac = ''] = decimal.split('.');
	return BigInt(int) * SUN + BigInt(frac.padEnd(6, '0').slice(0, 6));
}

export function fromSun(sun: bigint): string {
	const neg = sun < 0n;
	const abs = neg ? -sun : sun;
	return `${neg ? '-' : ''}${abs / SUN}.${(abs % SUN).toString().padStart(6, '0')}`;
}
