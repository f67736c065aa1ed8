// The dev wallet's icon: a red training-dojo shield with "DEV", as Wallet Standard requires a data URI.
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1c1926"/><path d="M32 6l22 8v16c0 14-9.5 23-22 28C19.5 53 10 44 10 30V14z" fill="#e23d3d"/><text x="32" y="38" font-family="Arial,sans-serif" font-size="15" font-weight="900" text-anchor="middle" fill="#fff">DEV</text></svg>`;

export const DEV_WALLET_ICON = `data:image/svg+xml;base64,${btoa(SVG)}` as const;
