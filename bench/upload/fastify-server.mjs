// Fastify + @fastify/multipart doing what the svc route does: count the uploaded file's bytes.
import Fastify from 'fastify';
import multipart from '@fastify/multipart';

const app = Fastify({ logger: false, bodyLimit: 100 * 1024 * 1024 });
await app.register(multipart, { limits: { fileSize: 100 * 1024 * 1024 } });
app.post('/api/documents/archives', async (req) => {
  const data = await req.file();
  let size = 0;
  for await (const chunk of data.file) size += chunk.length;
  return { name: data.filename, size };
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${app.server.address().port}\n`);
