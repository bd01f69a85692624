import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export const alias = { '@': dir('./src'), '~': dir('./src-client') };

export default defineConfig({
  root: 'src-client',
  base: '/app/',
  resolve: { alias },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: dir('./src-client/routes'),
      generatedRouteTree: dir('./src-client/routeTree.gen.ts'),
    }),
    react(),
    tailwindcss(),
  ],
  build: { outDir: dir('./dist/client'), emptyOutDir: true },
  server: { proxy: { '/trpc': 'http://localhost:3000', '/auth': 'http://localhost:3000', '/api': 'http://localhost:3000' } },
});
