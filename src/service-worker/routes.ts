export function isNavigation(request: Request): boolean {
	return request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html');
}
