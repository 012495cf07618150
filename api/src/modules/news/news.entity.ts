import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('news')
export class NewsEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 120 })
  title: string;

  @Column({ type: 'text', default: '' })
  intro: string;

  @Column({ type: 'varchar', length: 255, default: '' })
  img: string;

  @Column({ type: 'text', default: '' })
  content: string;

  @Column({ type: 'date' })
  create_time: string;

  @Column({ type: 'integer' })
  dynamic_id: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
