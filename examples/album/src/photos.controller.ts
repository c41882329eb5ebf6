import {
  Body,
  Controller,
  Delete,
  Get,
  Param,
  Post,
  Query,
  sendFile,
  StatusCode,
  type FileAnswer,
} from 'svcjs';
import type { NewPhoto, Photo } from './models.js';
import { PhotoStore } from './store.js';

@Controller('photos')
export class PhotosController {
  constructor(private readonly store: PhotoStore) {}

  /** Upload a PNG or JPEG (up to 5 MB) with its title, tags, date and album. */
  @Post()
  @StatusCode(201)
  upload(@Body() body: NewPhoto): Promise<Photo> {
    return this.store.add(body);
  }

  /** Every photo's metadata in upload order, filtered by tag or album. */
  @Get()
  list(@Query() tag?: string, @Query() albumId?: number): Photo[] {
    return this.store.list({ tag, albumId });
  }

  @Get(':id')
  get(@Param() id: number): Photo {
    return this.store.photo(id);
  }

  /**
   * The photo's bytes, as uploaded: its media type, offered for download under its file name.
   * Ranges (`Range: bytes=0-1023`) and conditional requests (`If-None-Match`) are served.
   * @contentType image/png image/jpeg
   */
  @Get(':id/file')
  file(@Param() id: number): Promise<FileAnswer> {
    const photo = this.store.photo(id);
    return sendFile(this.store.pathOf(id), { type: photo.type, name: photo.name });
  }

  /** Forget a photo and remove its file. */
  @Delete(':id')
  @StatusCode(204)
  remove(@Param() id: number): Promise<void> {
    return this.store.remove(id);
  }
}
